import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type {
  QueueIntegrationEventPayload,
  QueueIntegrationInput,
  QueueIntegrationListView,
  QueueIntegrationSavedView,
  QueueIntegrationTestInput,
  QueueIntegrationTestResult,
  QueueIntegrationView,
} from "@atendo/shared";
import type { PromptList } from "@atendo/shared";
import { api } from "../auth/api.js";
import { promptKeys } from "../prompts/api.js";

export const queueIntegrationKeys = {
  all: ["queue-integrations"] as const,
  list: (searchParam: string) => [...queueIntegrationKeys.all, "list", searchParam] as const,
  options: () => [...queueIntegrationKeys.all, "options"] as const,
};

/** The page's cards: GET /queueIntegration a page at a time, appended as the grid scrolls. */
export function useQueueIntegrations(searchParam: string) {
  return useInfiniteQuery({
    queryKey: queueIntegrationKeys.list(searchParam),
    queryFn: async ({ pageParam }) =>
      (await api.get<QueueIntegrationListView>("/queueIntegration", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Every integration of the company, for the queue dialog's select (all pages). */
export function useQueueIntegrationOptions(enabled = true) {
  return useQuery({
    queryKey: queueIntegrationKeys.options(),
    enabled,
    queryFn: async () => {
      const all: QueueIntegrationView[] = [];
      for (let page = 1; page <= 50; page++) {
        const { data } = await api.get<QueueIntegrationListView>("/queueIntegration", { params: { pageNumber: page } });
        all.push(...data.queueIntegrations);
        if (!data.hasMore) break;
      }
      return all;
    },
    meta: { silent: true },
  });
}

type Pages = InfiniteData<QueueIntegrationListView, number>;

function upsert(queryClient: QueryClient, item: QueueIntegrationView): void {
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: [...queueIntegrationKeys.all, "list"] })) {
    if (!data) continue;
    if (data.pages.some((p) => p.queueIntegrations.some((i) => i.id === item.id))) {
      queryClient.setQueryData<Pages>(key, {
        ...data,
        pages: data.pages.map((p) => ({ ...p, queueIntegrations: p.queueIntegrations.map((i) => (i.id === item.id ? item : i)) })),
      });
    } else {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }
  void queryClient.invalidateQueries({ queryKey: queueIntegrationKeys.options() });
}

function remove(queryClient: QueryClient, id: number): void {
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: [...queueIntegrationKeys.all, "list"] })) {
    if (!data || !data.pages.some((p) => p.queueIntegrations.some((i) => i.id === id))) continue;
    queryClient.setQueryData<Pages>(key, {
      ...data,
      pages: data.pages.map((p) => ({ ...p, queueIntegrations: p.queueIntegrations.filter((i) => i.id !== id), count: Math.max(0, p.count - 1) })),
    });
  }
  void queryClient.invalidateQueries({ queryKey: queueIntegrationKeys.options() });
}

/** `company-{id}-queueIntegration` (section 4, Lists): create and update upsert the card, delete removes it. */
export function applyQueueIntegrationEvent(queryClient: QueryClient, payload: QueueIntegrationEventPayload): void {
  if (payload.action === "delete") return remove(queryClient, payload.integrationId);
  upsert(queryClient, payload.queueIntegration);
}

export function useSaveQueueIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: QueueIntegrationInput }) =>
      id
        ? (await api.put<QueueIntegrationSavedView>(`/queueIntegration/${id}`, input)).data
        : (await api.post<QueueIntegrationSavedView>("/queueIntegration", input)).data,
    onSuccess: (saved) => upsert(queryClient, saved),
    meta: { silent: true },
  });
}

export function useDeleteQueueIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/queueIntegration/${id}`);
      return id;
    },
    onSuccess: (id) => remove(queryClient, id),
    meta: { silent: true },
  });
}

export function useTestQueueIntegration() {
  return useMutation({
    mutationFn: async (input: QueueIntegrationTestInput) => (await api.post<QueueIntegrationTestResult>("/queueIntegration/testSession", input)).data,
    meta: { silent: true },
  });
}

/**
 * The company's AI prompts for the queue dialog's select (GET /prompt, the prompts page's own cache key), only when
 * the plan has useOpenAi, and quietly: a missing list leaves the select with what the queue holds.
 */
export function usePromptOptions(enabled: boolean) {
  return useQuery({
    queryKey: promptKeys.list(),
    enabled,
    queryFn: async () => (await api.get<PromptList>("/prompt")).data.prompts,
    meta: { silent: true },
  });
}
