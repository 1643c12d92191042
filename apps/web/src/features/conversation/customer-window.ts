import { useEffect, useState } from "react";
import type { TicketView } from "@atendo/shared";

export interface CustomerWindow {
  open: boolean;
  /** The epoch when the customer never wrote on the connection (closed from the start). */
  expiresAt: Date;
}

/** The Cloud API's 24-hour window of a ticket at `now`; null for providers without one. */
export function customerWindowOf(ticket: Pick<TicketView, "customerWindowExpiresAt">, now = Date.now()): CustomerWindow | null {
  if (!ticket.customerWindowExpiresAt) return null;
  const expiresAt = new Date(ticket.customerWindowExpiresAt);
  return { open: expiresAt.getTime() > now, expiresAt };
}

/** The setTimeout limit (about 24.8 days): later expiries are re-armed from there. */
const MAX_TIMER_MS = 2_147_483_647;

/** The window, re-evaluated when it closes while the conversation is open (the composer turns into the template picker). */
export function useCustomerWindow(ticket: Pick<TicketView, "customerWindowExpiresAt">): CustomerWindow | null {
  const [now, setNow] = useState(() => Date.now());
  const current = customerWindowOf(ticket, now);
  const closesIn = current?.open ? current.expiresAt.getTime() - now : null;
  useEffect(() => {
    if (closesIn === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(closesIn + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [closesIn]);
  // A new expiry from the server (the customer wrote) is judged against the present, not the last timer.
  useEffect(() => setNow(Date.now()), [ticket.customerWindowExpiresAt]);
  return current;
}
