import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { companyEvent, STORAGE_KEYS, type ContactOption, type SessionUser, type TicketView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import { fakeApi, type Reply } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeUser } from "../test/fixtures.js";
import { makeMessage, makeTicket } from "../test/ticket-fixtures.js";
import { renderApp } from "../test/render.js";

const QUEUES = [
  { id: 1, name: "Vendas", color: "#1976d2" },
  { id: 2, name: "Suporte", color: "#d32f2f" },
];
const agent = makeUser({ id: 7, profile: "user", queues: QUEUES });
const admin = makeUser({ id: 1, profile: "admin", queues: [] });
const COMPANY = agent.companyId;

type Lists = Partial<Record<TicketView["status"], TicketView[]>>;

function signInAs(user: SessionUser, lists: Lists = {}, extra: Record<string, Reply | ((config: never) => Reply)> = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /tickets": (config) => {
      const params = (config.params ?? {}) as Record<string, unknown>;
      const tickets = params.withUnreadMessages ? [] : (lists[params.status as TicketView["status"]] ?? []);
      return { status: 200, data: { tickets, count: tickets.length, hasMore: false } };
    },
    "GET /whatsapp/": { status: 200, data: [] },
    "GET /queue": { status: 200, data: QUEUES },
    ...(extra as Record<string, Reply>),
  });
}

function renderPage(path = "/tickets") {
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    path,
  );
  return io;
}

const listed = (testId: string) =>
  within(screen.getByTestId(testId))
    .queryAllByTestId(/^ticket-item-\d+$/)
    .map((el) => Number(el.getAttribute("data-testid")?.replace("ticket-item-", "")));
const count = (tab: "assigned" | "pending") => screen.getByTestId(`tickets-count-${tab}`).getAttribute("data-count");

describe("TicketsPage lists", { timeout: 30_000 }, () => {
  it("places, lifts and removes tickets as ticket and message events arrive", async () => {
    const mine = makeTicket({ id: 1, status: "open", userId: 7, user: { id: 7, name: "Ana" } });
    const waiting = makeTicket({ id: 2 });
    const support = makeTicket({ id: 3, queueId: 2, queue: QUEUES[1] ?? null });
    signInAs(agent, { open: [mine], pending: [waiting, support] });
    const io = renderPage();
    await screen.findByTestId("ticket-item-1");
    expect(listed("tickets-list-open")).toEqual([1]);
    await waitFor(() => expect(count("pending")).toBe("2"));
    const ticketEvent = companyEvent.ticket(COMPANY);

    // Accepted by me elsewhere: leaves pending, enters my open list at the top.
    io.push(ticketEvent, { action: "update", ticket: { ...waiting, status: "open", userId: 7, user: { id: 7, name: "Ana" } } });
    await waitFor(() => expect(listed("tickets-list-open")).toEqual([2, 1]));
    await waitFor(() => expect(count("assigned")).toBe("2"));
    await waitFor(() => expect(count("pending")).toBe("1"));

    // Transferred to another agent: without show-all it leaves my list.
    io.push(ticketEvent, { action: "update", ticket: { ...mine, userId: 99, user: { id: 99, name: "Bruno" } } });
    await waitFor(() => expect(listed("tickets-list-open")).toEqual([2]));

    // A queue outside the selection is not placed (checked with the next change, which comes after it).
    io.push(ticketEvent, { action: "update", ticket: makeTicket({ id: 5, status: "open", userId: 7, queueId: 3, queue: { id: 3, name: "Outra", color: "#000" } }) });

    // A new message lifts its ticket to the top with its unread count; updateUnread zeroes it.
    const fresh = makeTicket({ id: 4, status: "open", userId: 7, unreadMessages: 3, lastMessage: "Preciso de ajuda" });
    io.push(companyEvent.appMessage(COMPANY), { action: "create", message: makeMessage({ id: 40, ticketId: 4 }), ticket: fresh });
    await waitFor(() => expect(listed("tickets-list-open")).toEqual([4, 2]));
    const card = () => screen.getByTestId("ticket-item-4");
    expect(within(card()).getByTestId("ticket-unread").getAttribute("data-count")).toBe("3");
    expect(within(card()).getByTestId("ticket-last-message").textContent).toBe("Preciso de ajuda");
    io.push(ticketEvent, { action: "updateUnread", ticketId: 4 });
    await waitFor(() => expect(within(screen.getByTestId("ticket-item-4")).getByTestId("ticket-unread").getAttribute("data-count")).toBe("0"));

    // Presence shows on the card.
    io.push(companyEvent.presence(COMPANY), { ticketId: 4, presence: "composing" });
    await waitFor(() => expect(within(screen.getByTestId("ticket-item-4")).getByText("digitando...")).toBeTruthy());
    io.push(companyEvent.presence(COMPANY), { ticketId: 4, presence: null });
    await waitFor(() => expect(within(screen.getByTestId("ticket-item-4")).queryByText("digitando...")).toBeNull());

    io.push(ticketEvent, { action: "delete", ticketId: 2 });
    await waitFor(() => expect(listed("tickets-list-open")).toEqual([4]));

    fireEvent.click(screen.getByTestId("tickets-tab-pending"));
    await waitFor(() => expect(listed("tickets-list-pending")).toEqual([3]));
  });

  it("offers the actions of each status and sends accept as open with me", async () => {
    const waiting = makeTicket({ id: 2 });
    const api = signInAs(agent, { pending: [waiting] }, {
      "PUT /tickets/2": { status: 200, data: { ...waiting, status: "open", userId: 7, user: { id: 7, name: "Ana" } } },
      [`GET /tickets/u/${waiting.uuid}`]: { status: 200, data: { ...waiting, status: "open", userId: 7 } },
      "GET /messages/2": { status: 200, data: { messages: [], ticket: waiting, count: 0, hasMore: false } },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId("tickets-tab-pending"));
    const card = await screen.findByTestId("ticket-item-2");
    expect(within(card).getByTestId("ticket-close-2")).toBeTruthy();
    expect(within(card).queryByTestId("ticket-transfer-2")).toBeNull();
    expect(within(card).queryByTestId("ticket-spy-2")).toBeNull();
    fireEvent.click(within(card).getByTestId("ticket-accept-2"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/tickets/${waiting.uuid}`));
    expect(api.bodies[api.requests.indexOf("PUT /tickets/2")]).toEqual({ status: "open", userId: 7 });
  });
});

describe("TicketsPage conversation", { timeout: 30_000 }, () => {
  it("refuses a ticket outside the user's queues with 'Acesso não permitido' and returns to /tickets", async () => {
    const uuid = "0b5f1c8e-1111-4a4a-9999-123456789abc";
    signInAs(agent, {}, { [`GET /tickets/u/${uuid}`]: { status: 403, data: { error: "ERR_NO_PERMISSION" } } });
    renderPage(`/tickets/${uuid}`);
    expect(await screen.findByText("Acesso não permitido")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe(`/tickets/${uuid}`);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/tickets"));
  });

  it("shows the header and the messages read-only: escaped text, own messages with acks, failures marked", async () => {
    const ticket = makeTicket({ id: 8, status: "open", userId: 7, user: { id: 7, name: "Ana" } });
    const messages = [
      makeMessage({ id: 1, ticketId: 8, body: "<b>oi</b>", createdAt: "2026-03-01T10:00:00.000Z" }),
      makeMessage({ id: 2, ticketId: 8, body: "Olá!", fromMe: true, ack: 3, sendStatus: "sent", createdAt: "2026-03-02T10:00:00.000Z" }),
      makeMessage({ id: 3, ticketId: 8, body: "Não foi", fromMe: true, sendStatus: "failed", createdAt: "2026-03-02T10:01:00.000Z" }),
      makeMessage({ id: 4, ticketId: 8, body: "", mediaType: "image", mediaName: "foto.jpg", createdAt: "2026-03-02T10:02:00.000Z" }),
    ];
    signInAs(agent, { open: [ticket] }, {
      [`GET /tickets/u/${ticket.uuid}`]: { status: 200, data: ticket },
      "GET /messages/8": { status: 200, data: { messages, ticket, count: 4, hasMore: false } },
    });
    const io = renderPage(`/tickets/${ticket.uuid}`);
    const first = await screen.findByTestId("message-1");
    expect(within(first).getByTestId("message-body").textContent).toBe("<b>oi</b>");
    expect(first.querySelector("b")).toBeNull();
    expect(screen.getByTestId("message-2").getAttribute("data-from-me")).toBe("true");
    expect(within(screen.getByTestId("message-2")).getByTestId("ack-icon").getAttribute("data-kind")).toBe("delivered");
    expect(within(screen.getByTestId("message-3")).getByTestId("message-failed")).toBeTruthy();
    expect(within(screen.getByTestId("message-4")).getByTestId("message-media-4").getAttribute("data-kind")).toBe("image");
    expect(screen.getAllByTestId("messages-day").map((el) => el.textContent)).toEqual(["01/03/2026", "02/03/2026"]);
    expect(screen.getByTestId("ticket-header-id").textContent).toBe("#8");
    expect(screen.getByTestId("ticket-header-resolve")).toBeTruthy();
    expect(screen.getByTestId("ticket-header-return")).toBeTruthy();
    expect(screen.queryByTestId("ticket-header-delete")).toBeNull();

    // A new message of the open ticket joins the conversation.
    io.push(companyEvent.appMessage(COMPANY), { action: "create", message: makeMessage({ id: 5, ticketId: 8, body: "Chegou", createdAt: "2026-03-02T10:03:00.000Z" }), ticket });
    expect(within(await screen.findByTestId("message-5")).getByTestId("message-body").textContent).toBe("Chegou");
  });
});

const maria: ContactOption = { id: 9, name: "Maria Souza", number: "5511987654321", email: "" };
const semNumero: ContactOption = { id: 10, name: "Maria Sem Número", number: "", email: "" };

async function pickContact() {
  fireEvent.click(await screen.findByTestId("tickets-new"));
  const input = screen.getByTestId("new-ticket-contact").querySelector("input");
  if (!input) throw new Error("no contact input");
  fireEvent.change(input, { target: { value: "Mar" } });
  const invalid = await screen.findByTestId("new-ticket-contact-option-10");
  expect(invalid.getAttribute("aria-disabled")).toBe("true");
  expect(within(invalid).getByTestId("new-ticket-contact-invalid")).toBeTruthy();
  fireEvent.click(screen.getByTestId("new-ticket-contact-option-9"));
}

describe("NewTicketDialog", { timeout: 30_000 }, () => {
  const contacts = { "GET /contacts/list": { status: 200, data: [maria, semNumero] } };

  it("asks an agent to choose a queue ('Selecione uma fila') before creating", async () => {
    const api = signInAs(agent, {}, contacts);
    renderPage();
    await pickContact();
    fireEvent.click(screen.getByTestId("new-ticket-save"));
    expect((await screen.findByTestId("new-ticket-queue-error")).textContent).toBe("Selecione uma fila");
    expect(api.requests).not.toContain("POST /tickets");
  });

  it("lets an admin create without a queue and opens the new ticket", async () => {
    const created = makeTicket({ id: 12, status: "open", userId: 1, queueId: null, queue: null });
    const api = signInAs(admin, {}, {
      ...contacts,
      "POST /tickets": { status: 200, data: created },
      [`GET /tickets/u/${created.uuid}`]: { status: 200, data: created },
      "GET /messages/12": { status: 200, data: { messages: [], ticket: created, count: 0, hasMore: false } },
    });
    renderPage();
    await pickContact();
    fireEvent.click(screen.getByTestId("new-ticket-save"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/tickets/${created.uuid}`));
    expect(api.bodies[api.requests.indexOf("POST /tickets")]).toEqual({ contactId: 9, queueId: null, status: "open" });
  });

  it("names the user and queue holding the contact's open ticket", async () => {
    signInAs(admin, {}, {
      ...contacts,
      "POST /tickets": {
        status: 409,
        data: { error: "ERR_OTHER_OPEN_TICKET", details: { user: { id: 5, name: "Bruno" }, queue: { id: 2, name: "Suporte" } } },
      },
    });
    renderPage();
    await pickContact();
    fireEvent.click(screen.getByTestId("new-ticket-save"));
    expect((await screen.findByTestId("new-ticket-other-open")).textContent).toBe("Este contato já está em atendimento com Bruno na fila Suporte.");
  });
});
