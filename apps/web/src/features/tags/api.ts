import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TagInput, TagPage, TagView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const tagKeys = {
  all: ["tags"] as const,
  list: (searchParam: string) => [...tagKeys.all, "list", searchParam] as const,
};

/** The tags page: one query per search text, pages appended as the list scrolls. */
export function useTagsList(searchParam: string) {
  return useInfiniteQuery({
    queryKey: tagKeys.list(searchParam),
    queryFn: async ({ pageParam }) =>
      (await api.get<TagPage>("/tags/", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: TagInput }) =>
      id ? (await api.put<TagView>(`/tags/${id}`, input)).data : (await api.post<TagView>("/tags", input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
    // The dialog shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/tags/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
