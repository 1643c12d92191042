import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { FORWARD_DELAY_MS, type ContactOption, type MessageView } from "@atendo/shared";
import { api } from "../auth/api.js";
import { ticketKeys } from "../tickets/keys.js";
import type { InfiniteData } from "@tanstack/react-query";
import type { MessagePage } from "@atendo/shared";

type MessagePages = InfiniteData<MessagePage, number>;

/**
 * The answer of an edit, delete or reaction patches the conversation at once (the socket's update brings the same
 * view, which replaces it; a reaction new to this ticket is appended once).
 */
export function patchMessage(queryClient: QueryClient, message: MessageView): void {
  queryClient.setQueryData<MessagePages>(ticketKeys.messages(message.ticketId), (data) => {
    if (!data) return data;
    const known = data.pages.some((page) => page.messages.some((m) => m.id === message.id));
    if (known) return { ...data, pages: data.pages.map((page) => ({ ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) })) };
    const [first, ...rest] = data.pages;
    return first ? { ...data, pages: [{ ...first, messages: [...first.messages, message] }, ...rest] } : data;
  });
}

/** POST /messages/edit/{id} (only the sender; ERR_EDITING_WAPP_MSG when the provider refuses). */
export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: string }) => (await api.post<MessageView>(`/messages/edit/${id}`, { body })).data,
    onSuccess: (message) => patchMessage(queryClient, message),
  });
}

/** DELETE /messages/{id} (only the sender): the message stays, marked deleted. */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<MessageView>(`/messages/${id}`)).data,
    onSuccess: (message) => patchMessage(queryClient, message),
  });
}

/** POST /messages/{id}/reactions: one reaction of ours per message; "" removes it. */
export function useReactToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, emoji }: { id: number; emoji: string }) => (await api.post<MessageView>(`/messages/${id}/reactions`, { type: emoji })).data,
    onSuccess: (reaction) => patchMessage(queryClient, reaction),
  });
}

/** The forward dialog's contact search (GET /contacts/list?searchParam). */
export function useForwardContacts(searchParam: string, enabled: boolean) {
  return useQuery({
    queryKey: ["contacts", "options", searchParam],
    queryFn: async () => (await api.get<ContactOption[]>("/contacts/list", { params: { searchParam } })).data,
    enabled,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /message/forward for each message in the order given, one at a time and FORWARD_DELAY_MS apart (core-service
 * section 4). Stops at the first failure, which the caller shows; `onProgress` gets the number sent so far.
 */
export async function forwardMessages(
  messageIds: number[],
  contactId: number,
  signMessage: boolean,
  onProgress: (sent: number) => void,
  delayMs = FORWARD_DELAY_MS,
): Promise<void> {
  for (const [index, messageId] of messageIds.entries()) {
    if (index > 0) await wait(delayMs);
    await api.post("/message/forward", { messageId, contactId, signMessage });
    onProgress(index + 1);
  }
}
