import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { companyEvent, STORAGE_KEYS, type TicketView } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { SocketContext } from "../realtime/socket-context.js";
import { fakeApi } from "../../test/fake-api.js";
import { fakeSocket } from "../../test/fake-socket.js";
import { makeUser } from "../../test/fixtures.js";
import { makeMessage, makeTicket } from "../../test/ticket-fixtures.js";
import { renderApp } from "../../test/render.js";

const agent = makeUser({ id: 7, name: "Ana", profile: "user", queues: [{ id: 1, name: "Vendas", color: "#1976d2" }] });
const COMPANY = agent.companyId;
const ANA = { id: 7, name: "Ana" };

// The wide layout: the list and the open conversation side by side, as on a desktop.
const narrow = window.matchMedia;
beforeEach(() => {
  window.matchMedia = (query: string) => ({ ...narrow(query), matches: /min-width/.test(query) });
});
afterEach(() => {
  window.matchMedia = narrow;
});

function open(reading: TicketView, other: TicketView) {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  localStorage.setItem(STORAGE_KEYS.signMessage, "false");
  const calls = fakeApi({
    "GET /auth/me": { status: 200, data: agent },
    "GET /tickets": (config) => {
      const params = (config.params ?? {}) as Record<string, unknown>;
      const tickets = params.status === "open" ? [reading, other] : [];
      return { status: 200, data: { tickets, count: tickets.length, hasMore: false } };
    },
    "GET /whatsapp/": { status: 200, data: [] },
    "GET /queue": { status: 200, data: [] },
    "GET /tags/list": { status: 200, data: [] },
    "GET /ticket-notes/list": { status: 200, data: [] },
    [`GET /tickets/u/${reading.uuid}`]: { status: 200, data: reading },
    [`GET /messages/${reading.id}`]: { status: 200, data: { messages: [makeMessage({ id: 70, ticketId: reading.id })], ticket: reading, count: 1, hasMore: false } },
  });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    `/tickets/${reading.uuid}`,
  );
  return { calls, io };
}

const unread = (id: number) => within(screen.getByTestId(`ticket-item-${id}`)).getByTestId("ticket-unread").getAttribute("data-count");
const bell = () => screen.getByTestId("notifications-bell-count").getAttribute("data-count");

describe("A message arriving in the conversation being read", { timeout: 30_000 }, () => {
  it("is marked read on the server and counts neither in the list's badge nor in the bell; another ticket's does", async () => {
    const reading = makeTicket({ id: 5, status: "open", userId: 7, user: ANA });
    const other = makeTicket({ id: 6, status: "open", userId: 7, user: ANA });
    const { calls, io } = open(reading, other);
    await screen.findByTestId("composer");
    await screen.findByTestId("ticket-item-5");
    await waitFor(() => expect(calls.requests.filter((r) => r === "GET /messages/5")).toHaveLength(1));

    const event = companyEvent.appMessage(COMPANY);
    io.push(event, { action: "create", ticket: { ...reading, unreadMessages: 1, lastMessage: "Ainda aí?" }, message: makeMessage({ id: 71, ticketId: 5, body: "Ainda aí?" }) });
    await screen.findByText("Ainda aí?", { selector: "[data-testid=ticket-panel] *" });
    expect(unread(5)).toBe("0");
    expect(bell()).toBe("0");
    // The server's mark-read call: the conversation's newest page read again.
    await waitFor(() => expect(calls.requests.filter((r) => r === "GET /messages/5")).toHaveLength(2));

    // The same on a ticket that is not open counts.
    io.push(event, { action: "create", ticket: { ...other, unreadMessages: 1, lastMessage: "Oi?" }, message: makeMessage({ id: 72, ticketId: 6, body: "Oi?" }) });
    await waitFor(() => expect(unread(6)).toBe("1"));
    expect(bell()).toBe("1");
  });
});
