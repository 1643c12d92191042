import { useSyncExternalStore } from "react";
import type { MessageView } from "@atendo/shared";

/**
 * What the conversation's parts share while a ticket is open: the message being replied to (set by the message
 * menu, shown and sent by the composer) and the forward selection (selection mode in the message list, the forward
 * dialog). Kept per ticket id; opening another ticket starts clean.
 */
interface ConversationState {
  ticketId: number | null;
  replyTo: MessageView | null;
  selecting: boolean;
  selected: ReadonlySet<number>;
}

let state: ConversationState = { ticketId: null, replyTo: null, selecting: false, selected: new Set() };
const listeners = new Set<() => void>();

function set(next: Partial<ConversationState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const conversation = {
  /** The ticket whose conversation is open, or null. */
  current(): number | null {
    return state.ticketId;
  },
  /** The panel calls this when it shows a ticket: another ticket's reply and selection are dropped. */
  open(ticketId: number | null) {
    if (state.ticketId !== ticketId) set({ ticketId, replyTo: null, selecting: false, selected: new Set() });
  },
  replyTo(message: MessageView | null) {
    set({ replyTo: message });
  },
  startSelecting(first?: number) {
    set({ selecting: true, selected: new Set(first ? [first] : []) });
  },
  toggleSelected(messageId: number) {
    const selected = new Set(state.selected);
    if (selected.has(messageId)) selected.delete(messageId);
    else selected.add(messageId);
    set({ selected });
  },
  stopSelecting() {
    set({ selecting: false, selected: new Set() });
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useConversation(): ConversationState {
  return useSyncExternalStore(subscribe, () => state);
}
