import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type {
  ContactListImportView,
  ContactListInput,
  ContactListItemCreateInput,
  ContactListItemEventPayload,
  ContactListItemPage,
  ContactListItemUpdateInput,
  ContactListItemView,
  ContactListPage,
  ContactListView,
} from "@atendo/shared";
import { api } from "../auth/api.js";

export const contactListKeys = {
  all: ["contact-lists"] as const,
  lists: () => [...contactListKeys.all, "list"] as const,
  list: (searchParam: string) => [...contactListKeys.lists(), searchParam] as const,
  one: (id: number) => [...contactListKeys.all, "one", id] as const,
  items: (listId: number) => [...contactListKeys.all, "items", listId] as const,
  itemsSearch: (listId: number, searchParam: string) => [...contactListKeys.items(listId), searchParam] as const,
  import: (id: number) => [...contactListKeys.all, "import", id] as const,
};

/** The lists page: one query per search text, pages appended as the list scrolls. */
export function useContactLists(searchParam: string) {
  return useInfiniteQuery({
    queryKey: contactListKeys.list(searchParam),
    queryFn: async ({ pageParam }) =>
      (await api.get<ContactListPage>("/contact-lists", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useContactList(id: number) {
  return useQuery({
    queryKey: contactListKeys.one(id),
    queryFn: async () => (await api.get<ContactListView>(`/contact-lists/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSaveContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: ContactListInput }) =>
      id ? (await api.put<ContactListView>(`/contact-lists/${id}`, input)).data : (await api.post<ContactListView>("/contact-lists", input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListKeys.all }),
    // The dialog shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useDeleteContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/contact-lists/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListKeys.lists() }),
  });
}

/** A list's items: one query per search text, pages appended as the table scrolls. */
export function useContactListItems(listId: number, searchParam: string) {
  return useInfiniteQuery({
    queryKey: contactListKeys.itemsSearch(listId, searchParam),
    queryFn: async ({ pageParam }) =>
      (
        await api.get<ContactListItemPage>("/contact-list-items", {
          params: { contactListId: listId, searchParam: searchParam || undefined, pageNumber: pageParam },
        })
      ).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: Number.isInteger(listId) && listId > 0,
  });
}

export function useSaveContactListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: ContactListItemCreateInput | ContactListItemUpdateInput }) =>
      id
        ? (await api.put<ContactListItemView>(`/contact-list-items/${id}`, input)).data
        : (await api.post<ContactListItemView>("/contact-list-items", input)).data,
    onSuccess: (item) => queryClient.invalidateQueries({ queryKey: contactListKeys.items(item.contactListId) }),
    meta: { silent: true },
  });
}

export function useDeleteContactListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (item: ContactListItemView) => {
      await api.delete(`/contact-list-items/${item.id}`);
    },
    onSuccess: (_void, item) => queryClient.invalidateQueries({ queryKey: contactListKeys.items(item.contactListId) }),
  });
}

/** POST /contact-lists/{id}/upload: the import starts as a job; its progress comes by socket (and polling). */
export function useUploadContactList(listId: number) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return (await api.post<{ import: ContactListImportView }>(`/contact-lists/${listId}/upload`, form)).data.import;
    },
  });
}

/** An import's progress. Polled while it runs, as a fallback for a socket that is away. */
export function useContactListImport(id: number | undefined) {
  return useQuery({
    queryKey: contactListKeys.import(id ?? 0),
    queryFn: async () => (await api.get<ContactListImportView>(`/contact-list-imports/${id}`)).data,
    enabled: id !== undefined,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "done" || status === "failed" ? false : 2_000;
    },
  });
}

/** The socket's progress wins over an older poll: counts only grow. */
export function applyListImportEvent(queryClient: QueryClient, view: ContactListImportView): void {
  queryClient.setQueryData<ContactListImportView>(contactListKeys.import(view.id), (old) =>
    old && old.processed > view.processed && view.status !== "done" && view.status !== "failed" ? old : view,
  );
}

/**
 * An item event on the items page: an update (a WhatsApp check landing, someone's edit) is patched in place; a
 * creation or deletion refetches the list's pages (order and count change).
 */
export function applyListItemEvent(queryClient: QueryClient, payload: ContactListItemEventPayload): void {
  if (payload.action === "import") {
    applyListImportEvent(queryClient, payload.import);
    if (payload.import.status === "done") void queryClient.invalidateQueries({ queryKey: contactListKeys.items(payload.import.contactListId) });
    return;
  }
  if (payload.action === "update") {
    const record = payload.record;
    queryClient.setQueriesData<InfiniteData<ContactListItemPage>>({ queryKey: contactListKeys.items(record.contactListId) }, (data) =>
      data
        ? { ...data, pages: data.pages.map((page) => ({ ...page, contacts: page.contacts.map((c) => (c.id === record.id ? record : c)) })) }
        : data,
    );
    return;
  }
  const listId = payload.action === "delete" ? payload.contactListId : payload.record.contactListId;
  void queryClient.invalidateQueries({ queryKey: contactListKeys.items(listId) });
}

/** Downloads the example spreadsheet (GET /contact-lists/example.xlsx). */
export async function downloadExampleSheet(): Promise<void> {
  const res = await api.get<Blob>("/contact-lists/example.xlsx", { responseType: "blob" });
  const url = URL.createObjectURL(res.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = "exemplo-lista-de-contatos.xlsx";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
