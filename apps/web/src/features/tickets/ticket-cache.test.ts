import { describe, expect, it } from "vitest";
import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import type { TicketPage } from "@atendo/shared";
import { makeMessage, makeTicket } from "../../test/ticket-fixtures.js";
import { ticketKeys, type TicketFilter } from "./keys.js";
import { applyAppMessageEvent, applyTicketUpdate, listAccepts } from "./ticket-cache.js";

const ME = 7;
const open: TicketFilter = { status: "open", showAll: false, queueIds: [1] };

describe("listAccepts", () => {
  it("takes a ticket of its status, mine or unassigned, in a selected queue or none", () => {
    expect(listAccepts(open, makeTicket({ status: "open", userId: ME }), ME)).toBe(true);
    expect(listAccepts(open, makeTicket({ status: "open", userId: ME, queueId: null, queue: null }), ME)).toBe(true);
    expect(listAccepts(open, makeTicket({ status: "pending", userId: null }), ME)).toBe(false);
    expect(listAccepts(open, makeTicket({ status: "open", userId: 9 }), ME)).toBe(false);
    expect(listAccepts({ ...open, showAll: true }, makeTicket({ status: "open", userId: 9 }), ME)).toBe(true);
    expect(listAccepts(open, makeTicket({ status: "open", userId: ME, queueId: 2 }), ME)).toBe(false);
    expect(listAccepts({ ...open, queueIds: [] }, makeTicket({ status: "open", userId: ME, queueId: 2 }), ME)).toBe(true);
  });

  it("never places into search results, only refreshes a row they already hold", () => {
    const client = new QueryClient();
    const search: TicketFilter = { searchParam: "maria", showAll: false, queueIds: [] };
    const held = makeTicket({ id: 1, status: "open", userId: ME });
    client.setQueryData<InfiniteData<TicketPage>>(ticketKeys.list(search), { pages: [{ tickets: [held], count: 1, hasMore: false }], pageParams: [1] });
    applyTicketUpdate(client, makeTicket({ id: 2, status: "open", userId: ME }), ME);
    applyTicketUpdate(client, { ...held, lastMessage: "novo" }, ME);
    const page = client.getQueryData<InfiniteData<TicketPage>>(ticketKeys.list(search))?.pages[0];
    expect(page?.tickets.map((t) => [t.id, t.lastMessage])).toEqual([[1, "novo"]]);
    expect(page?.count).toBe(1);
  });
});

describe("applyAppMessageEvent", () => {
  it("lifts a ticket on a new message, but not on a reaction to an old one", () => {
    const client = new QueryClient();
    const first = makeTicket({ id: 1, status: "open", userId: ME, queueId: 1 });
    const second = makeTicket({ id: 2, status: "open", userId: ME, queueId: 1 });
    client.setQueryData<InfiniteData<TicketPage>>(ticketKeys.list(open), { pages: [{ tickets: [first, second], count: 2, hasMore: false }], pageParams: [1] });
    const order = () => client.getQueryData<InfiniteData<TicketPage>>(ticketKeys.list(open))?.pages[0]?.tickets.map((t) => t.id);
    applyAppMessageEvent(client, { action: "create", message: makeMessage({ id: 10, ticketId: 2, mediaType: "reactionMessage", body: "👍" }), ticket: second }, ME);
    expect(order()).toEqual([1, 2]);
    applyAppMessageEvent(client, { action: "create", message: makeMessage({ id: 11, ticketId: 2, body: "Oi" }), ticket: second }, ME);
    expect(order()).toEqual([2, 1]);
  });
});
