import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserCreateInput, UserUpdateInput, UserView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const userKeys = {
  all: ["users"] as const,
  detail: (id: number) => [...userKeys.all, id] as const,
};

export function useUser(id: number, enabled = true) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: async () => (await api.get<UserView>(`/users/${id}`)).data,
    enabled,
  });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UserUpdateInput) => (await api.put<UserView>(`/users/${id}`, input)).data,
    onSuccess: (user) => queryClient.setQueryData(userKeys.detail(id), user),
    // The dialog shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export interface UsersPage {
  users: UserView[];
  count: number;
  hasMore: boolean;
}

/** The users page: one query per search text, pages appended as the list scrolls. */
export function useUsersList(searchParam: string) {
  return useInfiniteQuery({
    queryKey: [...userKeys.all, "list", searchParam],
    queryFn: async ({ pageParam }) =>
      (await api.get<UsersPage>("/users", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UserCreateInput) => (await api.post<UserView>("/users", input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { silent: true },
  });
}

export function useSaveUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UserUpdateInput) => (await api.put<UserView>(`/users/${id}`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { silent: true },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/users/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export interface QueueOption {
  id: number;
  name: string;
  color: string;
}

/** The company's queues, for the user form's queue selector. */
export function useQueueOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["queues", "options"],
    queryFn: async () => (await api.get<QueueOption[]>("/queue")).data,
    enabled,
  });
}
