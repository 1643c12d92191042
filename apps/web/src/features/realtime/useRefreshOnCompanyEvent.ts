import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useAuth } from "../auth/auth-context.js";
import { useSocketEvent } from "./socket-context.js";

/** Refetches the queries under `queryKey` when the signed-in company's event arrives (another admin's change). */
export function useRefreshOnCompanyEvent(event: (companyId: number) => string, queryKey: QueryKey): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  useSocketEvent(user ? event(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey });
  });
}
