import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type {
  ContactCreateInput,
  ContactCreateResult,
  ContactDetailView,
  ContactEventPayload,
  ContactImportView,
  ContactPage,
  ContactUpdateInput,
} from "@atendo/shared";
import { api } from "../auth/api.js";

export const contactKeys = {
  all: ["contacts"] as const,
  lists: () => [...contactKeys.all, "list"] as const,
  list: (searchParam: string) => [...contactKeys.lists(), searchParam] as const,
  detail: (id: number) => [...contactKeys.all, "detail", id] as const,
  import: (id: number) => [...contactKeys.all, "import", id] as const,
};

/** The contacts page: one query per search text, pages appended as the table scrolls. */
export function useContactsList(searchParam: string) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(searchParam),
    queryFn: async ({ pageParam }) =>
      (await api.get<ContactPage>("/contacts", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** One contact with its extra info, for the edit dialog. */
export function useContact(id: number | undefined) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: async () => (await api.get<ContactDetailView>(`/contacts/${id}`)).data,
    enabled: id !== undefined,
    staleTime: 0,
  });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ContactCreateInput) => (await api.post<ContactCreateResult>("/contacts", input)).data,
    onSuccess: (result) => {
      if (!result.alreadyExists) void queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
    // The dialog shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: ContactUpdateInput }) =>
      (await api.put<ContactDetailView>(`/contacts/${id}`, input)).data,
    onSuccess: (contact) => applyContactEvent(queryClient, { action: "update", contact }),
    meta: { silent: true },
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/contacts/${id}`);
      return id;
    },
    onSuccess: (contactId) => applyContactEvent(queryClient, { action: "delete", contactId }),
  });
}

/** Sends a spreadsheet; the import runs on the server and reports over the socket. */
export function useUploadContacts() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return (await api.post<{ import: ContactImportView }>("/contacts/upload", form)).data.import;
    },
  });
}

/** Copies the phone's address book through the default connection (POST /contacts/import). */
export function useImportPhoneContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ total: number; created: number; updated: number; skipped: number }>("/contacts/import")).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** An import's progress. Polled while it runs, as a fallback for a socket that is away. */
export function useContactImport(id: number | undefined) {
  return useQuery({
    queryKey: contactKeys.import(id ?? 0),
    queryFn: async () => (await api.get<ContactImportView>(`/contacts/imports/${id}`)).data,
    enabled: id !== undefined,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "done" || status === "failed" ? false : 2_000;
    },
  });
}

/** The socket's progress wins over an older poll: counts only grow. */
export function applyImportEvent(queryClient: QueryClient, view: ContactImportView): void {
  queryClient.setQueryData<ContactImportView>(contactKeys.import(view.id), (old) =>
    old && old.processed > view.processed && old.status !== "queued" && view.status !== "done" && view.status !== "failed" ? old : view,
  );
}

/**
 * `company-{id}-contact` (administration section 3, lists): an update replaces the row where it is, a delete removes
 * it, a creation refetches (where a new row belongs depends on the order and the search).
 */
export function applyContactEvent(queryClient: QueryClient, event: ContactEventPayload): void {
  if (event.action === "create") {
    void queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    return;
  }
  queryClient.setQueriesData<InfiniteData<ContactPage>>({ queryKey: contactKeys.lists() }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) =>
        event.action === "delete"
          ? { ...page, contacts: page.contacts.filter((c) => c.id !== event.contactId) }
          : { ...page, contacts: page.contacts.map((c) => (c.id === event.contact.id ? { ...c, ...stripExtra(event.contact) } : c)) },
      ),
    };
  });
  if (event.action === "update") queryClient.setQueryData(contactKeys.detail(event.contact.id), event.contact);
  if (event.action === "delete") queryClient.removeQueries({ queryKey: contactKeys.detail(event.contactId) });
}

function stripExtra({ extraInfo: _extra, ...contact }: ContactDetailView) {
  return contact;
}
