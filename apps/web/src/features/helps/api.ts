import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HelpInput, HelpView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const helpKeys = {
  all: ["helps"] as const,
  list: () => [...helpKeys.all, "list"] as const,
};

/** Every help video, by title (GET /helps/list): the help page's grid and the settings tab's table. */
export function useHelps() {
  return useQuery({
    queryKey: helpKeys.list(),
    queryFn: async () => (await api.get<HelpView[]>("/helps/list")).data,
  });
}

export function useSaveHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: HelpInput }) =>
      id ? (await api.put<HelpView>(`/helps/${id}`, input)).data : (await api.post<HelpView>("/helps", input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKeys.all }),
    // The form shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useDeleteHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/helps/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKeys.all }),
  });
}
