import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { ContactEventPayload, GroupContactPage, GroupContactView, GroupSettingsInput, MessageView } from "@atendo/shared";
import { api } from "../auth/api.js";
import { patchMessage } from "../conversation/message-actions-api.js";

export const groupKeys = {
  all: ["transcribe-groups"] as const,
  list: (searchParam: string) => [...groupKeys.all, "list", searchParam] as const,
};

/** The transcribe page's cards: group contacts only (GET /contacts/groups), pages appended as the list scrolls. */
export function useGroupContacts(searchParam: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.list(searchParam),
    queryFn: async ({ pageParam }) =>
      (await api.get<GroupContactPage>("/contacts/groups", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

type Pages = InfiniteData<GroupContactPage, number>;

function upsertGroup(queryClient: QueryClient, group: GroupContactView): void {
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: [...groupKeys.all, "list"] })) {
    if (!data) continue;
    const present = data.pages.some((p) => p.contacts.some((c) => c.id === group.id));
    if (present) {
      queryClient.setQueryData<Pages>(key, { ...data, pages: data.pages.map((p) => ({ ...p, contacts: p.contacts.map((c) => (c.id === group.id ? group : c)) })) });
    } else {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }
}

function removeGroup(queryClient: QueryClient, contactId: number): void {
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: [...groupKeys.all, "list"] })) {
    if (!data || !data.pages.some((p) => p.contacts.some((c) => c.id === contactId))) continue;
    queryClient.setQueryData<Pages>(key, {
      ...data,
      pages: data.pages.map((p) => ({ ...p, contacts: p.contacts.filter((c) => c.id !== contactId), count: Math.max(0, p.count - 1) })),
    });
  }
}

/**
 * A `company-{id}-contact` event on the transcribe page (administration section 4, Lists): create and update upsert
 * the group (an event of the contact form, without the group's settings, reloads the lists), delete removes it; the
 * list shows only groups.
 */
export function applyGroupContactEvent(queryClient: QueryClient, payload: ContactEventPayload): void {
  if (payload.action === "delete") return removeGroup(queryClient, payload.contactId);
  if (!payload.contact.isGroup) return;
  if ("activetranscribe" in payload.contact) return upsertGroup(queryClient, payload.contact as unknown as GroupContactView);
  void queryClient.invalidateQueries({ queryKey: groupKeys.all });
}

/** PUT /contacts/{id} with the group's settings (the transcription toggle, or the summary's). */
export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: GroupSettingsInput & { id: number }) => (await api.put<GroupContactView>(`/contacts/${id}`, body)).data,
    onSuccess: (group) => upsertGroup(queryClient, group),
  });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/contacts/${id}`);
      return id;
    },
    onSuccess: (id) => removeGroup(queryClient, id),
  });
}

/** POST /messages/{id}/transcribe: the retry of a failed transcription; the message shows "transcribing" at once. */
export function useRetryTranscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<MessageView>(`/messages/${id}/transcribe`)).data,
    onSuccess: (message) => patchMessage(queryClient, message),
  });
}
