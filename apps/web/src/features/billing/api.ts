import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InvoicePage, PixCharge, SubscriptionInput, SubscriptionView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const billingKeys = {
  all: ["billing"] as const,
  invoices: (searchParam: string) => [...billingKeys.all, "invoices", searchParam] as const,
  subscription: () => [...billingKeys.all, "subscription"] as const,
};

/** Faturas: pages appended as the table scrolls. */
export function useInvoices(searchParam = "") {
  return useInfiniteQuery({
    queryKey: billingKeys.invoices(searchParam),
    queryFn: async ({ pageParam }) =>
      (await api.get<InvoicePage>("/invoices/all", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useSubscription() {
  return useQuery({ queryKey: billingKeys.subscription(), queryFn: async () => (await api.get<SubscriptionView>("/subscription")).data });
}

/** POST /subscription: the Pix charge of an invoice. Never sends card data (the server refuses it). */
export function useStartCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SubscriptionInput) => (await api.post<PixCharge>("/subscription", input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    // The dialog shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

/** Brazilian currency formatting (administration section 9), whatever the interface language. */
export function formatBrl(value: string | number): string {
  return new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(Number(value));
}

/** Today as yyyy-MM-dd in UTC, as the server counts due dates. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
