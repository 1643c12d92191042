import { useSyncExternalStore } from "react";
import type { TicketPresence } from "@atendo/shared";

/** A customer who stops typing without a "paused" event: the text goes away after this long. */
export const PRESENCE_TIMEOUT_MS = 15_000;

const presence = new Map<number, TicketPresence>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** `company-{id}-presence`: what the customer of a ticket is doing now (null: stopped). */
export function setTicketPresence(ticketId: number, value: TicketPresence | null): void {
  clearTimeout(timers.get(ticketId));
  timers.delete(ticketId);
  if (value) {
    presence.set(ticketId, value);
    timers.set(
      ticketId,
      setTimeout(() => setTicketPresence(ticketId, null), PRESENCE_TIMEOUT_MS),
    );
  } else if (!presence.delete(ticketId)) return;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** 'digitando...' / 'gravando áudio...' for a card and the conversation header. */
export function useTicketPresence(ticketId: number | undefined): TicketPresence | null {
  return useSyncExternalStore(subscribe, () => (ticketId === undefined ? null : (presence.get(ticketId) ?? null)));
}
