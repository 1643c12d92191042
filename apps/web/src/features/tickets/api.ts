import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContactOption, MessagePage, TagView, TicketPage, TicketView } from "@atendo/shared";
import { api } from "../auth/api.js";
import { useAuth } from "../auth/auth-context.js";
import { ticketKeys, type TicketFilter } from "./keys.js";
import { applyTicketDelete, applyTicketUpdate } from "./ticket-cache.js";

export { ticketKeys, type TicketFilter };

/** The query string of GET /tickets: lists as JSON arrays, empty filters left out. */
export function ticketListParams(filter: TicketFilter, pageNumber: number): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = { pageNumber, showAll: filter.showAll };
  if (filter.status) params.status = filter.status;
  if (filter.searchParam) params.searchParam = filter.searchParam;
  if (filter.tags?.length) params.tags = JSON.stringify(filter.tags);
  if (filter.users?.length) params.users = JSON.stringify(filter.users);
  if (filter.queueIds.length) params.queueIds = JSON.stringify(filter.queueIds);
  return params;
}

/** One ticket list, pages appended as it scrolls; the socket keeps it current (ticket-cache.ts). */
export function useTicketsList(filter: TicketFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: ticketKeys.list(filter),
    queryFn: async ({ pageParam }) => (await api.get<TicketPage>("/tickets", { params: ticketListParams(filter, pageParam) })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
    // Live through the socket; a remount shows the cache and refetches in the background.
    staleTime: 0,
  });
}

/** GET /tickets/u/{uuid}. Refusals are handled by the panel (toast and back to /tickets), not the global toast. */
export function useTicket(uuid: string | undefined) {
  return useQuery({
    queryKey: ticketKeys.detail(uuid ?? ""),
    queryFn: async () => (await api.get<TicketView>(`/tickets/u/${uuid}`)).data,
    enabled: Boolean(uuid),
    staleTime: 0,
    meta: { silent: true },
  });
}

/** GET /messages/{ticketId}: page 1 is the newest; each page runs oldest to newest. */
export function useTicketMessages(ticketId: number | undefined) {
  return useInfiniteQuery({
    queryKey: ticketKeys.messages(ticketId ?? 0),
    queryFn: async ({ pageParam }) => (await api.get<MessagePage>(`/messages/${ticketId}`, { params: { pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: ticketId !== undefined,
    staleTime: 0,
  });
}

export interface CreateTicketRequest {
  contactId: number;
  queueId: number | null;
  whatsappId?: number | null;
}

/** POST /tickets (status open). ERR_OTHER_OPEN_TICKET is shown by the caller, with the holder from the details. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (input: CreateTicketRequest) =>
      (await api.post<TicketView>("/tickets", { ...input, status: "open" })).data,
    onSuccess: (ticket) => {
      if (user) applyTicketUpdate(queryClient, ticket, user.id);
    },
    meta: { silent: true },
  });
}

export interface UpdateTicketRequest {
  status?: TicketView["status"];
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
}

/** PUT /tickets/{id}: accept, return to pending, resolve, reopen, transfer. */
export function useUpdateTicket() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: UpdateTicketRequest }) =>
      (await api.put<TicketView | undefined>(`/tickets/${id}`, input)).data,
    // The socket moves the ticket too; the answer (when the server sends the ticket) moves it at once.
    onSuccess: (ticket) => {
      if (ticket && typeof ticket === "object" && "uuid" in ticket && user) applyTicketUpdate(queryClient, ticket, user.id);
      else void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/tickets/${id}`);
      return id;
    },
    onSuccess: (id) => applyTicketDelete(queryClient, id),
  });
}

export function useCloseAllTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { status: "open" | "pending"; selectedQueueIds: number[] }) => {
      await api.post("/tickets/closeAll", input);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
  });
}

/** The new-ticket dialog's contact search (GET /contacts/list). */
export function useContactOptions(searchParam: string, enabled: boolean) {
  return useQuery({
    queryKey: ["contacts", "options", searchParam],
    queryFn: async () => (await api.get<ContactOption[]>("/contacts/list", { params: { searchParam } })).data,
    enabled,
  });
}

/** Every user's id and name (GET /users/list): transfer dialog and the admins' user filter. */
export function useUserNames(enabled = true) {
  return useQuery({
    queryKey: ["users", "names"],
    queryFn: async () => (await api.get<{ id: number; name: string }[]>("/users/list")).data,
    enabled,
  });
}

/** Every tag (GET /tags/list): the search tab's tag filter. */
export function useAllTags(enabled = true) {
  return useQuery({
    queryKey: ["tags", "all"],
    queryFn: async () => (await api.get<TagView[]>("/tags/list")).data,
    enabled,
  });
}
