import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { companyEvent, STORAGE_KEYS, type TicketView } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { SocketContext } from "../realtime/socket-context.js";
import { fakeApi } from "../../test/fake-api.js";
import { fakeSocket } from "../../test/fake-socket.js";
import { makeUser } from "../../test/fixtures.js";
import { makeMessage, makeTicket } from "../../test/ticket-fixtures.js";
import { renderApp } from "../../test/render.js";
import { conversation, useConversation } from "./conversation-store.js";

const agent = makeUser({ id: 7, name: "Ana Souza", profile: "user", queues: [{ id: 1, name: "Vendas", color: "#1976d2" }] });

function open(ticket: TicketView) {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  localStorage.setItem(STORAGE_KEYS.signMessage, "false");
  const calls = fakeApi({
    "GET /auth/me": { status: 200, data: agent },
    "GET /tickets": { status: 200, data: { tickets: [], count: 0, hasMore: false } },
    "GET /whatsapp/": { status: 200, data: [] },
    "GET /queue": { status: 200, data: [] },
    "GET /tags/list": { status: 200, data: [] },
    [`GET /tickets/u/${ticket.uuid}`]: { status: 200, data: ticket },
    [`GET /messages/${ticket.id}`]: { status: 200, data: { messages: [makeMessage({ id: 70, ticketId: ticket.id, body: "Oi" })], ticket, count: 1, hasMore: false } },
    [`POST /messages/${ticket.id}`]: { status: 201, data: { ids: [71] } },
    [`GET /contacts/${ticket.contactId}`]: { status: 200, data: { ...ticket.contact, active: true, whatsappId: 1, createdAt: "", updatedAt: "", extraInfo: [] } },
    "GET /ticket-notes/list": { status: 200, data: [] },
  });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    `/tickets/${ticket.uuid}`,
  );
  return { calls, io };
}

function ReplyProbe() {
  const state = useConversation();
  return <span data-testid="probe">{`${state.ticketId}:${state.replyTo?.id ?? "-"}`}</span>;
}

describe("The conversation panel", { timeout: 30_000 }, () => {
  it("has the composer, the tag editor and the contact drawer; shows the customer's presence; the store follows the ticket", async () => {
    const ticket = makeTicket({ id: 5, status: "open", userId: 7, user: { id: 7, name: "Ana Souza" } });
    const { calls, io } = open(ticket);
    await screen.findByTestId("composer");
    expect(screen.getByTestId("ticket-tags")).toBeTruthy();
    renderApp(<ReplyProbe />);
    await waitFor(() => expect(screen.getByTestId("probe").textContent).toBe("5:-"));

    // A reply chosen in the message list is sent as quotedMsg.
    act(() => conversation.replyTo(makeMessage({ id: 70, ticketId: 5, body: "Oi" })));
    await screen.findByTestId("composer-reply");
    fireEvent.change(screen.getByTestId("composer-input"), { target: { value: "Olá!" } });
    fireEvent.keyDown(screen.getByTestId("composer-input"), { key: "Enter" });
    await waitFor(() => expect(calls.requests).toContain("POST /messages/5"));
    expect(calls.bodies[calls.requests.indexOf("POST /messages/5")]).toEqual({ body: "Olá!", quotedMsg: { id: 70 } });

    io.push(companyEvent.presence(agent.companyId), { ticketId: 5, presence: "recording" });
    expect(within(screen.getByTestId("ticket-panel")).getByText("gravando áudio...")).toBeTruthy();

    expect(screen.queryByTestId("contact-drawer")).toBeNull();
    fireEvent.click(screen.getByTestId("contact-drawer-open"));
    expect(await screen.findByTestId("contact-drawer")).toBeTruthy();
    fireEvent.click(screen.getByTestId("contact-drawer-close"));
    await waitFor(() => expect(screen.queryByTestId("contact-drawer")).toBeNull());
  });
});
