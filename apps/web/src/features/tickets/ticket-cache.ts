import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import type { AppMessageEventPayload, MessagePage, MessageView, TicketEventPayload, TicketPage, TicketView } from "@atendo/shared";
import { isSearchFilter, ticketKeys, type TicketFilter } from "./keys.js";

type Pages = InfiniteData<TicketPage>;
type MessagePages = InfiniteData<MessagePage>;

/**
 * Whether a list (status tab) shows this ticket (core-service section 4, real time). The server only sends tickets
 * the user may see; the list still decides where each belongs: its status, someone else's ticket only with show-all,
 * a queued ticket only when its queue is among the selected ones (no selection: every queue).
 */
export function listAccepts(filter: TicketFilter, ticket: TicketView, meId: number): boolean {
  if (isSearchFilter(filter)) return false;
  if (ticket.status !== filter.status) return false;
  if (!filter.showAll && ticket.userId !== null && ticket.userId !== meId) return false;
  if (ticket.queueId !== null && filter.queueIds.length > 0 && !filter.queueIds.includes(ticket.queueId)) return false;
  return true;
}

function contains(data: Pages, ticketId: number): boolean {
  return data.pages.some((page) => page.tickets.some((t) => t.id === ticketId));
}

function withCount(pages: TicketPage[], delta: number): TicketPage[] {
  if (delta === 0 || pages.length === 0) return pages;
  const [first, ...rest] = pages as [TicketPage, ...TicketPage[]];
  return [{ ...first, count: Math.max(0, first.count + delta) }, ...rest];
}

function removeFrom(data: Pages, ticketId: number): Pages {
  if (!contains(data, ticketId)) return data;
  const pages = data.pages.map((page) => ({ ...page, tickets: page.tickets.filter((t) => t.id !== ticketId) }));
  return { ...data, pages: withCount(pages, -1) };
}

function replaceIn(data: Pages, ticket: TicketView): Pages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.map((t) => (t.id === ticket.id ? ticket : t)) })) };
}

function placeAtTop(data: Pages, ticket: TicketView): Pages {
  const present = contains(data, ticket.id);
  const pages = data.pages.map((page, index) => {
    const tickets = page.tickets.filter((t) => t.id !== ticket.id);
    return { ...page, tickets: index === 0 ? [ticket, ...tickets] : tickets };
  });
  if (pages.length === 0) pages.push({ tickets: [ticket], count: 0, hasMore: false });
  return { ...data, pages: withCount(pages, present ? 0 : 1) };
}

function eachList(queryClient: QueryClient, change: (data: Pages, filter: TicketFilter) => Pages): void {
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: ticketKeys.lists() })) {
    if (!data) continue;
    const filter = (key as QueryKey)[2] as TicketFilter;
    const next = change(data, filter);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

function eachDetail(queryClient: QueryClient, change: (ticket: TicketView) => TicketView | undefined): void {
  for (const [key, data] of queryClient.getQueriesData<TicketView>({ queryKey: ticketKeys.details() })) {
    if (!data) continue;
    const next = change(data);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

/**
 * A changed ticket: each list takes it, keeps it or lets it go. `lift` (a new message) moves it to the top;
 * a plain update keeps its place in a list that already shows it and enters a list at the top.
 */
export function applyTicketUpdate(queryClient: QueryClient, ticket: TicketView, meId: number, lift = false): void {
  eachList(queryClient, (data, filter) => {
    const present = contains(data, ticket.id);
    if (isSearchFilter(filter)) return present ? (lift ? placeAtTop(data, ticket) : replaceIn(data, ticket)) : data;
    if (!listAccepts(filter, ticket, meId)) return removeFrom(data, ticket.id);
    return present && !lift ? replaceIn(data, ticket) : placeAtTop(data, ticket);
  });
  eachDetail(queryClient, (old) => (old.id === ticket.id ? ticket : old));
}

export function applyTicketDelete(queryClient: QueryClient, ticketId: number): void {
  eachList(queryClient, (data) => removeFrom(data, ticketId));
}

export function applyUnreadReset(queryClient: QueryClient, ticketId: number): void {
  const zero = (t: TicketView) => (t.id === ticketId && t.unreadMessages !== 0 ? { ...t, unreadMessages: 0 } : t);
  eachList(queryClient, (data) =>
    contains(data, ticketId) ? { ...data, pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.map(zero) })) } : data,
  );
  eachDetail(queryClient, zero);
}

function changeMessages(queryClient: QueryClient, ticketId: number, change: (data: MessagePages) => MessagePages): void {
  queryClient.setQueryData<MessagePages>(ticketKeys.messages(ticketId), (data) => (data ? change(data) : data));
}

function hasMessage(data: MessagePages, id: number): boolean {
  return data.pages.some((page) => page.messages.some((m) => m.id === id));
}

function mapMessages(data: MessagePages, map: (m: MessageView) => MessageView): MessagePages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, messages: page.messages.map(map) })) };
}

/** A new message joins the end of the newest page of its ticket's conversation, once. */
export function appendMessage(queryClient: QueryClient, message: MessageView): void {
  changeMessages(queryClient, message.ticketId, (data) => {
    if (hasMessage(data, message.id)) return mapMessages(data, (m) => (m.id === message.id ? message : m));
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, messages: [...first.messages, message] }, ...rest] };
  });
}

/** `company-{id}-ticket` (core-service section 4, real time). */
export function applyTicketEvent(queryClient: QueryClient, event: TicketEventPayload, meId: number): void {
  if (event.action === "update") applyTicketUpdate(queryClient, event.ticket, meId);
  else if (event.action === "updateUnread") applyUnreadReset(queryClient, event.ticketId);
  else applyTicketDelete(queryClient, event.ticketId);
}

/** `company-{id}-appMessage`: a new message lifts its ticket (with its unread count); the open conversation follows. */
export function applyAppMessageEvent(queryClient: QueryClient, event: AppMessageEventPayload, meId: number): void {
  if (event.action === "create") {
    // A reaction is news on an old message: it updates the ticket but does not lift it.
    applyTicketUpdate(queryClient, event.ticket, meId, event.message.mediaType !== "reactionMessage");
    appendMessage(queryClient, event.message);
  } else if (event.action === "update") {
    changeMessages(queryClient, event.message.ticketId, (data) => mapMessages(data, (m) => (m.id === event.message.id ? event.message : m)));
  } else {
    changeMessages(queryClient, event.ticketId, (data) => mapMessages(data, (m) => (m.id === event.messageId ? { ...m, isDeleted: true } : m)));
  }
}
