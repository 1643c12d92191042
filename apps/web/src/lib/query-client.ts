import axios from "axios";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { toastError } from "../features/errors/toast.js";

/** Client errors (4xx) will not change on a retry; server and network failures may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = axios.isAxiosError(error) ? error.response?.status : undefined;
  if (status !== undefined && status < 500) return false;
  return failureCount < 2;
}

/** Failed queries and mutations toast their translated error unless marked `meta: { silent: true }`. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) toastError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
