import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { companyEvent, PAYMENT_REDIRECT_MS, type PaymentEventPayload } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { useSocketEvent } from "../realtime/socket-context.js";
import { billingKeys } from "./api.js";

/**
 * `company-{id}-payment` (administration section 4): when the payment is concluded the screen says the licence was
 * renewed until the new due date, then goes home after 4 s with the session's due date refreshed.
 * Returns the new due date once the event arrived.
 */
export function usePaymentConcluded(): string | null {
  const { user, refreshUser } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useSocketEvent<PaymentEventPayload>(user ? companyEvent.payment(user.companyId) : null, (payload) => {
    if (payload?.action !== "CONCLUIDA" || typeof payload.company?.dueDate !== "string") return;
    setRenewedUntil(payload.company.dueDate);
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void refreshUser()
        .catch(() => undefined)
        .finally(() => navigate("/"));
    }, PAYMENT_REDIRECT_MS);
  });
  return renewedUntil;
}
