import type { TicketView } from "@atendo/shared";

/** What one ticket list asks GET /tickets for. The server narrows every filter to what the user may see. */
export interface TicketFilter {
  status?: TicketView["status"];
  searchParam?: string;
  tags?: number[];
  users?: number[];
  showAll: boolean;
  /** The queue multi-select; empty: no queue filter. */
  queueIds: number[];
}

export const ticketKeys = {
  all: ["tickets"] as const,
  lists: () => [...ticketKeys.all, "list"] as const,
  list: (filter: TicketFilter) => [...ticketKeys.lists(), filter] as const,
  details: () => [...ticketKeys.all, "detail"] as const,
  detail: (uuid: string) => [...ticketKeys.details(), uuid] as const,
  messages: (ticketId: number) => [...ticketKeys.all, "messages", ticketId] as const,
};

/** The search tab: its results are what the server matched, so live events only refresh or remove its rows. */
export function isSearchFilter(filter: TicketFilter): boolean {
  return filter.status === undefined;
}
