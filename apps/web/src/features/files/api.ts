import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { FileListEventPayload, FileListPage, FileListView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const fileKeys = {
  all: ["files"] as const,
  list: (searchParam: string) => [...fileKeys.all, "list", searchParam] as const,
};

/** The file lists page: one query per search text, pages appended as the list scrolls. */
export function useFileLists(searchParam: string) {
  return useInfiniteQuery({
    queryKey: fileKeys.list(searchParam),
    queryFn: async ({ pageParam }) =>
      (await api.get<FileListPage>("/files/", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** One option row of the dialog: an existing row keeps its id; `file` is a newly picked file to upload. */
export interface OptionDraft {
  id?: number;
  name: string;
  file?: File;
}

export interface SaveFileList {
  id?: number;
  name: string;
  message: string;
  options: OptionDraft[];
}

/**
 * Saves a list and its rows, then uploads the picked files to their rows (which need the rows' ids). The server
 * answers the rows in the order sent: kept rows by id, new ones after them in the order added. A refused upload
 * does not undo the saved list: it comes back as `uploadError` for the dialog to show.
 */
export function useSaveFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name, message, options }: SaveFileList): Promise<{ fileList: FileListView; uploadError?: unknown }> => {
      const body = { name, message, options: options.map((o) => (o.id ? { id: o.id, name: o.name } : { name: o.name })) };
      const saved = id ? (await api.put<FileListView>(`/files/${id}`, body)).data : (await api.post<FileListView>("/files", body)).data;
      const sentIds = new Set(options.flatMap((o) => (o.id ? [o.id] : [])));
      const newIds = saved.options.filter((o) => !sentIds.has(o.id)).map((o) => o.id);
      let nextNew = 0;
      const uploads: { id: number; file: File }[] = [];
      for (const option of options) {
        const optionId = option.id ?? newIds[nextNew++];
        if (option.file && optionId) uploads.push({ id: optionId, file: option.file });
      }
      if (uploads.length === 0) return { fileList: saved };
      // Text fields first, so the server knows the rows before the files stream in.
      const upload = new FormData();
      upload.append("ids", uploads.map((u) => u.id).join(","));
      for (const { file } of uploads) upload.append("files", file);
      try {
        return { fileList: (await api.post<FileListView>(`/files/uploadList/${saved.id}`, upload)).data };
      } catch (uploadError) {
        return { fileList: saved, uploadError };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
    // The dialog shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useDeleteFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/files/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

/**
 * Applies a `company-{id}-file` event to every loaded list (administration section 4, Lists): create and update
 * upsert the list (a new one goes first, only into lists it matches), delete removes it; the count follows.
 */
export function applyFileListEvent(queryClient: QueryClient, payload: FileListEventPayload): void {
  const lists = queryClient.getQueriesData<InfiniteData<FileListPage>>({ queryKey: [...fileKeys.all, "list"] });
  for (const [key, data] of lists) {
    if (!data) continue;
    const searchParam = String(key[2] ?? "");
    const present = data.pages.some((p) => p.files.some((f) => f.id === (payload.action === "delete" ? payload.fileId : payload.fileList.id)));
    let pages = data.pages;
    if (payload.action === "delete") {
      if (!present) continue;
      pages = pages.map((p) => ({ ...p, files: p.files.filter((f) => f.id !== payload.fileId), count: Math.max(0, p.count - 1) }));
    } else if (present) {
      pages = pages.map((p) => ({ ...p, files: p.files.map((f) => (f.id === payload.fileList.id ? payload.fileList : f)) }));
    } else if (payload.action === "create" && payload.fileList.name.toLowerCase().includes(searchParam.toLowerCase())) {
      pages = pages.map((p, i) => ({ ...p, files: i === 0 ? [payload.fileList, ...p.files] : p.files, count: p.count + 1 }));
    } else continue;
    queryClient.setQueryData<InfiniteData<FileListPage>>(key, { ...data, pages });
  }
}
