import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TicketNoteView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const noteKeys = {
  all: ["ticket-notes"] as const,
  list: (ticketId: number, contactId: number) => [...noteKeys.all, ticketId, contactId] as const,
};

/** GET /ticket-notes/list?ticketId&contactId: the notes of this ticket's contact. */
export function useTicketNotes(ticketId: number, contactId: number) {
  return useQuery({
    queryKey: noteKeys.list(ticketId, contactId),
    queryFn: async () => (await api.get<TicketNoteView[]>("/ticket-notes/list", { params: { ticketId, contactId } })).data,
    staleTime: 0,
  });
}

export function useAddTicketNote(ticketId: number, contactId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: string) => (await api.post<TicketNoteView>("/ticket-notes", { note, ticketId, contactId })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(ticketId, contactId) }),
  });
}

export function useDeleteTicketNote(ticketId: number, contactId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/ticket-notes/${id}`);
      return id;
    },
    onSuccess: (id) => {
      queryClient.setQueryData<TicketNoteView[]>(noteKeys.list(ticketId, contactId), (notes) => notes?.filter((n) => n.id !== id));
      void queryClient.invalidateQueries({ queryKey: noteKeys.list(ticketId, contactId) });
    },
  });
}
