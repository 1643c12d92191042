import { describe, expect, it } from "vitest";
import { makeTicket } from "../../test/ticket-fixtures.js";
import { isNotifiable } from "./unread-tickets.js";

const agent = { id: 7, allTicket: "desabled" as const, queues: [{ id: 1, name: "Vendas", color: "#000" }] };

describe("the notification bell's rule (core-service section 4)", () => {
  it("lists unread tickets assigned to me, or unassigned in my queues or in none", () => {
    expect(isNotifiable(makeTicket({ status: "open", userId: 7, queueId: 2, unreadMessages: 1 }), agent)).toBe(true);
    expect(isNotifiable(makeTicket({ status: "open", userId: null, queueId: 1, unreadMessages: 1 }), agent)).toBe(true);
    expect(isNotifiable(makeTicket({ status: "open", userId: null, queueId: null, unreadMessages: 1 }), agent)).toBe(true);
  });

  it("leaves out read tickets, other users' tickets, other queues and closed tickets", () => {
    expect(isNotifiable(makeTicket({ status: "open", userId: 7, unreadMessages: 0 }), agent)).toBe(false);
    expect(isNotifiable(makeTicket({ status: "open", userId: 8, queueId: 1, unreadMessages: 2 }), agent)).toBe(false);
    expect(isNotifiable(makeTicket({ status: "open", userId: null, queueId: 2, unreadMessages: 2 }), agent)).toBe(false);
    expect(isNotifiable(makeTicket({ status: "closed", userId: 7, unreadMessages: 2 }), agent)).toBe(false);
  });

  it("excludes pending tickets unless the user has allTicket", () => {
    const pending = makeTicket({ status: "pending", userId: null, queueId: 1, unreadMessages: 3 });
    expect(isNotifiable(pending, agent)).toBe(false);
    expect(isNotifiable(pending, { ...agent, allTicket: "enabled" })).toBe(true);
  });
});
