import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserUpdateInput, UserView } from "@atendo/shared";
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
