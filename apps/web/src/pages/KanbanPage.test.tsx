import { afterEach, describe, expect, it } from "vitest";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type TagView, type TicketView } from "@atendo/shared";
import { KanbanPage } from "./KanbanPage.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import { fakeApi, type Reply } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeUser } from "../test/fixtures.js";
import { makeTicket } from "../test/ticket-fixtures.js";
import { renderApp } from "../test/render.js";

configure({ asyncUtilTimeout: 5_000 });

const lane = (id: number, name: string): TagView => ({
  id,
  name,
  color: "#1e88e5",
  kanban: true,
  ticketsCount: 0,
  userId: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const PROPOSTA = lane(10, "Proposta");
const FECHADO = lane(11, "Fechado");
const tagged = (ticket: TicketView, tag: TagView): TicketView => ({ ...ticket, tags: [{ id: tag.id, name: tag.name, color: tag.color }] });

function renderBoard(tickets: TicketView[], extra: Record<string, Reply | ((config: never) => Reply)> = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }, { useKanban: true }) },
    "GET /tags/kanban": { status: 200, data: { lista: [FECHADO, PROPOSTA] } },
    "GET /ticket/kanban": { status: 200, data: { tickets } },
    ...(extra as Parameters<typeof fakeApi>[0]),
  });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <KanbanPage />
    </SocketContext.Provider>,
    "/kanban",
  );
  return { api, io };
}
const laneOfCard = (id: number) => screen.getByTestId(`kanban-card-${id}`).closest("[data-testid^='kanban-lane-']")?.getAttribute("data-testid");

/**
 * jsdom has no layout: lanes get boxes side by side (300 px apart), each card one inside its lane, and the drag
 * overlay (outside the lanes) the box of the card it shows, as a browser would place them.
 */
const realRect = Element.prototype.getBoundingClientRect;
afterEach(() => {
  Element.prototype.getBoundingClientRect = realRect;
});
const box = (left: number, top: number, width: number, height: number) =>
  ({ x: left, y: top, left, top, width, height, right: left + width, bottom: top + height, toJSON: () => ({}) }) as DOMRect;
function layOutLanes() {
  const lanes = () => [...document.querySelectorAll("[data-testid]")].filter((el) => /^kanban-lane-(open|\d+)$/.test(el.getAttribute("data-testid")!));
  const cardId = (el: Element) => /^kanban-card-(\d+)$/.exec(el.getAttribute("data-testid") ?? "")?.[1];
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const all = lanes();
    const laneIndex = all.indexOf(this);
    if (laneIndex >= 0) return box(laneIndex * 300, 0, 280, 600);
    const id = cardId(this) ?? (this.firstElementChild ? cardId(this.firstElementChild) : undefined);
    if (id) {
      const original = all.find((lane) => lane.querySelector(`[data-testid='kanban-card-${id}']`));
      if (original) return box(all.indexOf(original) * 300 + 10, 50, 260, 100);
    }
    return realRect.call(this);
  };
}
async function dragRight(ticketId: number, steps: number) {
  layOutLanes();
  const handle = screen.getByTestId(`kanban-card-handle-${ticketId}`);
  handle.focus();
  fireEvent.keyDown(handle, { code: "Space", key: " " });
  await new Promise((r) => setTimeout(r, 50));
  for (let i = 0; i < steps; i++) {
    fireEvent.keyDown(document, { code: "ArrowRight", key: "ArrowRight" });
    await new Promise((r) => setTimeout(r, 50));
  }
  fireEvent.keyDown(document, { code: "Space", key: " " });
}

describe("KanbanPage", { timeout: 20_000 }, () => {
  it("shows 'Em aberto' first, then the tag lanes in order, with each card's contact, number, last message and link", async () => {
    const open = makeTicket({ id: 1, lastMessage: "Quero um orçamento" });
    const inProposta = tagged(makeTicket({ id: 2, status: "open" }), PROPOSTA);
    renderBoard([open, inProposta]);
    await screen.findByTestId("kanban-card-1");
    const titles = screen.getAllByTestId("kanban-lane-title").map((el) => el.textContent);
    expect(titles).toEqual(["Em aberto", "Fechado", "Proposta"]);
    expect(laneOfCard(1)).toBe("kanban-lane-open");
    expect(laneOfCard(2)).toBe("kanban-lane-10");
    const card = screen.getByTestId("kanban-card-1");
    expect(within(card).getByTestId("kanban-card-name").textContent).toBe("Cliente 1");
    expect(within(card).getByTestId("kanban-card-number").textContent).toBe("+55 11 98765 4321");
    expect(within(card).getByTestId("kanban-card-last-message").textContent).toBe("Quero um orçamento");
    fireEvent.click(screen.getByTestId("kanban-card-open-1"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/tickets/${open.uuid}`));
  });

  it("moves a card from a tag lane to another by keyboard: removes the old tag, adds the new one, with the toasts", async () => {
    const ticket = tagged(makeTicket({ id: 3, status: "open" }), FECHADO);
    const { api } = renderBoard([ticket], {
      "DELETE /ticket-tags/3": { status: 200, data: { ...ticket, tags: [] } },
      "PUT /ticket-tags/3/10": { status: 200, data: tagged(ticket, PROPOSTA) },
    });
    await screen.findByTestId("kanban-card-3");
    expect(laneOfCard(3)).toBe("kanban-lane-11");
    await dragRight(3, 1);
    expect(await screen.findByText("Ticket Tag Removido!")).toBeTruthy();
    expect(await screen.findByText("Ticket Tag Adicionado com Sucesso!")).toBeTruthy();
    expect(api.requests.filter((r) => r.includes("/ticket-tags/"))).toEqual(["DELETE /ticket-tags/3", "PUT /ticket-tags/3/10"]);
    await waitFor(() => expect(laneOfCard(3)).toBe("kanban-lane-10"));
  });

  it("puts the card back with an error toast when the server refuses", async () => {
    const ticket = makeTicket({ id: 4, status: "pending" });
    renderBoard([ticket], {
      "PUT /ticket-tags/4/11": { status: 403, data: { error: "ERR_NO_PERMISSION" } },
    });
    await screen.findByTestId("kanban-card-4");
    await dragRight(4, 1);
    expect(await screen.findByText(/permissão/i)).toBeTruthy();
    await waitFor(() => expect(laneOfCard(4)).toBe("kanban-lane-open"));
    expect(screen.queryByText("Ticket Tag Adicionado com Sucesso!")).toBeNull();
  });

  it("follows other users' moves and closed tickets live", async () => {
    const ticket = makeTicket({ id: 5, status: "open" });
    const { io } = renderBoard([ticket]);
    await screen.findByTestId("kanban-card-5");
    io.push("company-3-ticket", { action: "update", ticket: tagged(ticket, PROPOSTA) });
    await waitFor(() => expect(laneOfCard(5)).toBe("kanban-lane-10"));
    io.push("company-3-ticket", { action: "update", ticket: makeTicket({ id: 6, status: "pending" }) });
    expect(await screen.findByTestId("kanban-card-6")).toBeTruthy();
    io.push("company-3-ticket", { action: "update", ticket: { ...ticket, status: "closed" } });
    await waitFor(() => expect(screen.queryByTestId("kanban-card-5")).toBeNull());
  });

  it("shows a card's new last message from the message's event", async () => {
    const ticket = makeTicket({ id: 7, status: "open", lastMessage: "primeira" });
    const { io } = renderBoard([ticket]);
    const card = await screen.findByTestId("kanban-card-7");
    expect(card.textContent).toContain("primeira");
    const message = { id: 70, ticketId: 7, body: "chegou agora", fromMe: false };
    io.push("company-3-appMessage", { action: "create", message, ticket: { ...ticket, lastMessage: "chegou agora" } });
    await waitFor(() => expect(screen.getByTestId("kanban-card-7").textContent).toContain("chegou agora"));
  });
});
