import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QuickMessageInput, QuickMessageView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const quickMessageKeys = {
  all: ["quick-messages"] as const,
  list: (searchParam: string) => [...quickMessageKeys.all, "list", searchParam] as const,
};

/** The company's general quick messages and the signed-in user's own (the server decides who and where). */
export function useQuickMessages(searchParam: string) {
  return useQuery({
    queryKey: quickMessageKeys.list(searchParam),
    queryFn: async () =>
      (await api.get<QuickMessageView[]>("/quick-messages/list", { params: { searchParam: searchParam || undefined } })).data,
  });
}

export interface SaveQuickMessage {
  id?: number;
  input: QuickMessageInput;
  /** A file to attach after saving, or "remove" to clear the current attachment. */
  media?: File | "remove";
}

/**
 * Saves a quick message, then its attachment (which needs the message's id). A refused attachment does not undo the
 * saved message: it comes back as `mediaError` for the dialog to show.
 */
export function useSaveQuickMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, media }: SaveQuickMessage): Promise<{ quickMessage: QuickMessageView; mediaError?: unknown }> => {
      const saved = id
        ? (await api.put<QuickMessageView>(`/quick-messages/${id}`, input)).data
        : (await api.post<QuickMessageView>("/quick-messages", input)).data;
      try {
        if (media instanceof File) {
          const form = new FormData();
          form.append("typeArch", "quickMessage");
          form.append("file", media);
          return { quickMessage: (await api.post<QuickMessageView>(`/quick-messages/${saved.id}/media-upload`, form)).data };
        }
        if (media === "remove" && saved.mediaPath) {
          return { quickMessage: (await api.delete<QuickMessageView>(`/quick-messages/${saved.id}/media-upload`)).data };
        }
      } catch (mediaError) {
        return { quickMessage: saved, mediaError };
      }
      return { quickMessage: saved };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickMessageKeys.all }),
    // The dialog shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useDeleteQuickMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/quick-messages/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickMessageKeys.all }),
  });
}
