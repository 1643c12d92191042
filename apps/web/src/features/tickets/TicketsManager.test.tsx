import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useParams } from "react-router";
import { STORAGE_KEYS, type TicketView } from "@atendo/shared";
import { SocketContext } from "../realtime/socket-context.js";
import { fakeApi } from "../../test/fake-api.js";
import { fakeSocket } from "../../test/fake-socket.js";
import { makeUser } from "../../test/fixtures.js";
import { makeTicket } from "../../test/ticket-fixtures.js";
import { renderApp } from "../../test/render.js";
import { TicketsManager } from "./TicketsManager.js";
import { useTicketsRealtime } from "./useTicketsRealtime.js";

const agent = makeUser({ id: 7, name: "Ana", profile: "user", queues: [{ id: 1, name: "Vendas", color: "#1976d2" }] });
const ANA = { id: 7, name: "Ana" };

function Screen() {
  const { ticketId } = useParams();
  useTicketsRealtime();
  return <TicketsManager selectedUuid={ticketId} />;
}

/** The list side alone (the narrow layout shows one side at a time), with the server's answers to the actions. */
function setup(lists: Partial<Record<TicketView["status"], TicketView[]>>, changed: TicketView) {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  const state = { after: false };
  const calls = fakeApi({
    "GET /auth/me": { status: 200, data: agent },
    "GET /tickets": (config) => {
      const params = (config.params ?? {}) as Record<string, unknown>;
      let tickets = lists[params.status as TicketView["status"]] ?? [];
      if (state.after) tickets = [...tickets.filter((t) => t.id !== changed.id), ...(params.status === changed.status ? [changed] : [])];
      return { status: 200, data: { tickets, count: tickets.length, hasMore: false } };
    },
    [`PUT /tickets/${changed.id}`]: () => {
      state.after = true;
      return { status: 200, data: changed };
    },
    [`GET /tickets/u/${changed.uuid}`]: () => ({ status: 200, data: state.after ? changed : { ...changed, status: "pending" } }),
  });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <Routes>
        <Route path="/tickets/:ticketId?" element={<Screen />} />
      </Routes>
    </SocketContext.Provider>,
    "/tickets",
  );
  return calls;
}

const isSelected = (el: HTMLElement) => el.classList.contains("Mui-selected");

describe("The tickets list follows the ticket the user acted on", { timeout: 30_000 }, () => {
  it("after accepting from the pending tab, shows the open tab with the ticket selected", async () => {
    const waiting = makeTicket({ id: 2 });
    const accepted = { ...waiting, status: "open" as const, userId: 7, user: ANA };
    setup({ pending: [waiting] }, accepted);
    fireEvent.click(await screen.findByTestId("tickets-tab-pending"));
    const card = await screen.findByTestId("ticket-item-2");
    fireEvent.click(within(card).getByTestId("ticket-accept-2"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/tickets/${waiting.uuid}`));
    const list = await screen.findByTestId("tickets-list-open");
    await waitFor(() => expect(isSelected(within(list).getByTestId("ticket-item-2"))).toBe(true));
    expect(screen.getByTestId("tickets-tab-assigned").getAttribute("aria-selected")).toBe("true");
  });

  it("after reopening from the closed tab, shows the open tab with the ticket selected", async () => {
    const closed = makeTicket({ id: 4, status: "closed", userId: 7, user: ANA });
    const reopened = { ...closed, status: "open" as const };
    setup({ closed: [closed] }, reopened);
    fireEvent.click(await screen.findByTestId("tickets-tab-closed"));
    const card = await screen.findByTestId("ticket-item-4");
    fireEvent.click(within(card).getByTestId("ticket-reopen-4"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/tickets/${closed.uuid}`));
    const list = await screen.findByTestId("tickets-list-open");
    await waitFor(() => expect(isSelected(within(list).getByTestId("ticket-item-4"))).toBe(true));
  });
});
