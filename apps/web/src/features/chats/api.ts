import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { ChatInput, ChatMessagePage, ChatMessageView, ChatPage, ChatView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const chatKeys = {
  all: ["chats"] as const,
  list: () => [...chatKeys.all, "list"] as const,
  messages: (chatId: number) => [...chatKeys.all, "messages", chatId] as const,
};

// Chat calls swallow errors silently (administration section 8): every query and mutation here is silent.
const silent = { silent: true } as const;

/** The user's chats, most recent first, pages appended as the list scrolls. The menu badge reads the same query. */
export function useChatsList(enabled = true) {
  return useInfiniteQuery({
    queryKey: chatKeys.list(),
    queryFn: async ({ pageParam }) => (await api.get<ChatPage>("/chats", { params: { pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
    meta: silent,
  });
}

/** A chat's messages: page 1 is the newest; older pages load as the list is scrolled up. */
export function useChatMessages(chatId: number | undefined) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId ?? 0),
    queryFn: async ({ pageParam }) =>
      (await api.get<ChatMessagePage>(`/chats/${chatId}/messages`, { params: { pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: Boolean(chatId),
    meta: silent,
  });
}

/** Every user of the company (the dialog's member picker). */
export function useChatUserOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["users", "names"],
    queryFn: async () => (await api.get<{ id: number; name: string }[]>("/users/list")).data,
    enabled,
    meta: silent,
  });
}

/** Adds a message to the newest page of a chat's cache, once (the sender's answer and the event may both bring it). */
export function appendChatMessage(data: InfiniteData<ChatMessagePage> | undefined, message: ChatMessageView) {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.records.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest!, records: [...newest!.records, message] }, ...older] };
}

export function useSaveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: ChatInput }) =>
      id ? (await api.put<ChatView>(`/chats/${id}`, input)).data : (await api.post<ChatView>("/chats", input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
    meta: silent,
  });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/chats/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
    meta: silent,
  });
}

export function useSendChatMessage(chatId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) => (await api.post<ChatMessageView>(`/chats/${chatId}/messages`, { message })).data,
    onSuccess: (message) => {
      queryClient.setQueryData<InfiniteData<ChatMessagePage>>(chatKeys.messages(message.chatId), (data) => appendChatMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
    meta: silent,
  });
}

/** Opening a chat marks it read for me (section 4). */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ chatId, userId }: { chatId: number; userId: number }) =>
      (await api.post<ChatView>(`/chats/${chatId}/read`, { userId })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
    meta: silent,
  });
}

/** My unread count in a chat. */
export function unreadsOf(chat: ChatView, userId: number | undefined): number {
  return chat.users.find((u) => u.userId === userId)?.unreads ?? 0;
}
