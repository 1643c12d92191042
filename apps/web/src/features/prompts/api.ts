import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PromptList, PromptView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const promptKeys = {
  all: ["prompts"] as const,
  list: () => [...promptKeys.all, "list"] as const,
};

/** The company's AI prompts (GET /prompt → { prompts }). */
export function usePrompts() {
  return useQuery({
    queryKey: promptKeys.list(),
    queryFn: async () => (await api.get<PromptList>("/prompt")).data.prompts,
  });
}

/** What the modal sends: keys only when typed (empty keeps the stored one on edit). */
export interface PromptPayload {
  name: string;
  prompt: string;
  voice: string;
  voiceKey?: string | null;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  apiKey?: string;
  queueId: number;
  maxMessages: number;
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: PromptPayload }) =>
      id ? (await api.put<PromptView>(`/prompt/${id}`, input)).data : (await api.post<PromptView>("/prompt", input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.all }),
    // The modal shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<{ message: string }>(`/prompt/${id}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.all }),
  });
}
