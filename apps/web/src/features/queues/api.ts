import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QueueInput, QueueView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const queueKeys = {
  all: ["queues"] as const,
  list: () => [...queueKeys.all, "list"] as const,
};

/** The company's queues, by order then name (GET /queue). */
export function useQueues() {
  return useQuery({
    queryKey: queueKeys.list(),
    queryFn: async () => (await api.get<QueueView[]>("/queue")).data,
  });
}

export interface SaveQueue {
  id?: number;
  input: QueueInput;
  /** A file to attach after saving, or "remove" to clear the current attachment. */
  media?: File | "remove";
}

/**
 * Saves a queue (POST or PUT), then its attachment, which needs the queue's id. A refused attachment does not undo
 * the saved queue: it comes back as `mediaError` for the dialog to show.
 */
export function useSaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, media }: SaveQueue): Promise<{ queue: QueueView; mediaError?: unknown }> => {
      const queue = id
        ? (await api.put<QueueView>(`/queue/${id}`, input)).data
        : (await api.post<QueueView>("/queue", input)).data;
      try {
        if (media instanceof File) {
          const form = new FormData();
          form.append("file", media);
          return { queue: (await api.post<QueueView>(`/queue/${queue.id}/media-upload`, form)).data };
        }
        if (media === "remove" && queue.mediaPath) return { queue: (await api.delete<QueueView>(`/queue/${queue.id}/media-upload`)).data };
      } catch (mediaError) {
        return { queue, mediaError };
      }
      return { queue };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKeys.all }),
    // The dialog shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/queue/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKeys.all }),
  });
}
