import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { companyEvent, FORWARD_DELAY_MS, STORAGE_KEYS, type MessageView, type TicketView } from "@atendo/shared";
import { SocketContext } from "../realtime/socket-context.js";
import { conversation, useConversation } from "../conversation/conversation-store.js";
import { fakeApi, type Reply } from "../../test/fake-api.js";
import { fakeSocket } from "../../test/fake-socket.js";
import { makeUser } from "../../test/fixtures.js";
import { makeConnection } from "../../test/connection-fixtures.js";
import { makeMessage, makeTicket } from "../../test/ticket-fixtures.js";
import { renderApp } from "../../test/render.js";
import { MessagesList } from "./MessagesList.js";
import { useTicketsRealtime } from "./useTicketsRealtime.js";

const agent = makeUser({ id: 7, name: "Ana Souza", profile: "user" });
const COMPANY = agent.companyId;
const ticket = makeTicket({ id: 1, status: "open", userId: 7, user: { id: 7, name: "Ana Souza" } });
const MARIA = { id: 5, name: "Maria" };
const ANA = { id: 7, name: "Ana Souza" };

type Handler = Reply | ((config: { params?: unknown; data?: unknown }) => Reply);

function ReplyProbe() {
  const state = useConversation();
  return <div data-testid="reply-probe">{state.replyTo?.id ?? ""}</div>;
}

function Harness({ forTicket, readOnly }: { forTicket: TicketView; readOnly: boolean }) {
  useTicketsRealtime();
  return (
    <div style={{ height: 600, display: "flex", flexDirection: "column" }}>
      <MessagesList ticketId={forTicket.id} ticket={forTicket} readOnly={readOnly} />
      <ReplyProbe />
    </div>
  );
}

function setup(messages: MessageView[], routes: Record<string, Handler> = {}, forTicket = ticket, readOnly = false) {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  const calls = fakeApi({
    "GET /auth/me": { status: 200, data: agent },
    [`GET /messages/${forTicket.id}`]: { status: 200, data: { messages, ticket: forTicket, count: messages.length, hasMore: false } },
    ...(routes as Record<string, Reply>),
  });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <Harness forTicket={forTicket} readOnly={readOnly} />
    </SocketContext.Provider>,
  );
  return { calls, io };
}

const row = (id: number) => screen.getByTestId(`message-${id}`);
const openMenu = async (id: number) => {
  fireEvent.click(await screen.findByTestId(`message-menu-${id}`));
  return screen.findByRole("menu");
};
const closeMenu = () => fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
const blob = (): Reply => ({ status: 200, data: new Blob(["media"], { type: "application/octet-stream" }) });

beforeEach(() => {
  conversation.open(null);
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:media-${++next}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("MessagesList", { timeout: 30_000 }, () => {
  it("renders every message type, state and separator", async () => {
    const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:João Lima\nTEL;type=CELL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD";
    const day1 = "2026-03-01T10:00:00.000Z";
    const day2 = "2026-03-02T10:00:00.000Z";
    const inbound = { contact: MARIA, createdAt: day1 };
    const own = { fromMe: true, user: ANA, sendStatus: "sent" as const, ack: 4, createdAt: day2 };
    const { calls } = setup(
      [
        makeMessage({ id: 1, body: "*Olá* mundo", ...inbound }),
        makeMessage({ id: 2, mediaType: "image", body: "", mediaName: "foto.jpg", mediaStatus: "ready", mediaUrl: "/messages/2/media", ...inbound }),
        makeMessage({ id: 3, mediaType: "audio", body: "", data: { voice: true }, mediaStatus: "ready", mediaUrl: "/messages/3/media", ...inbound }),
        makeMessage({ id: 4, mediaType: "video", body: "legenda do vídeo", mediaStatus: "ready", mediaUrl: "/messages/4/media", ...inbound }),
        makeMessage({ id: 5, mediaType: "application", body: "", mediaName: "contrato.pdf", mediaStatus: "ready", mediaUrl: "/messages/5/media", ...inbound }),
        makeMessage({ id: 6, mediaType: "locationMessage", body: "Loja Centro", data: { latitude: -23.5, longitude: -46.6, name: "Loja Centro", address: "Rua A, 1" }, ...inbound }),
        makeMessage({ id: 7, mediaType: "contactMessage", body: "João Lima", data: { displayName: "João Lima", vcard }, ...inbound }),
        makeMessage({ id: 8, mediaType: "call_log", body: "", data: { video: true, missed: true }, ...inbound }),
        makeMessage({ id: 9, mediaType: "image", body: "", mediaStatus: "pending", ...inbound }),
        makeMessage({ id: 10, mediaType: "audio", body: "", mediaStatus: "failed", ...inbound }),
        makeMessage({ id: 11, body: "Respondendo", isEdited: true, quotedMsg: { id: 1, body: "*Olá* mundo", fromMe: false, mediaType: "chat", contact: MARIA }, ...own }),
        makeMessage({ id: 12, body: "apagada", isDeleted: true, ...own }),
        makeMessage({ id: 13, body: "na fila", ...own, sendStatus: "queued", ack: 0 }),
        makeMessage({ id: 14, body: "falhou", ...own, sendStatus: "failed", sendError: "ERR_SENDING_WAPP_MSG", ack: 0 }),
        makeMessage({ id: 15, body: "Mensagem do bot", ...own, user: null, automatic: true }),
        makeMessage({ id: 16, body: "", data: { unsupported: "pollCreationMessage" }, ...inbound, createdAt: day2 }),
      ],
      {
        "GET /messages/2/media": blob(),
        "GET /messages/3/media": blob(),
        "GET /messages/4/media": blob(),
        "GET /messages/5/media": blob(),
      },
    );
    await screen.findByTestId("message-15");
    expect(screen.getAllByTestId("messages-day")).toHaveLength(2);
    expect(screen.getByTestId("messages-ticket-start").textContent).toContain("#1");

    expect(within(row(1)).getByTestId("message-body").innerHTML).toBe("<strong>Olá</strong> mundo");

    const image = (await within(screen.getByTestId("message-media-2")).findByTestId("message-image")) as HTMLImageElement;
    expect(image.getAttribute("src")).toMatch(/^blob:media-/);
    fireEvent.click(image);
    expect(await screen.findByTestId("message-image-dialog")).toBeTruthy();
    expect((await within(screen.getByTestId("message-media-3")).findByTestId("message-audio")).getAttribute("src")).toMatch(/^blob:/);
    expect((await within(screen.getByTestId("message-media-4")).findByTestId("message-video")).getAttribute("src")).toMatch(/^blob:/);
    expect(within(row(4)).getByTestId("message-body").textContent).toBe("legenda do vídeo");
    // Media are fetched with the session, never put in an element's src as the API path.
    expect(calls.requests).toEqual(expect.arrayContaining(["GET /messages/2/media", "GET /messages/3/media", "GET /messages/4/media"]));
    expect(document.querySelector('[src^="/messages/"]')).toBeNull();

    // A document is fetched only when asked for.
    const documentButton = within(screen.getByTestId("message-media-5")).getByTestId("message-document");
    expect(documentButton.textContent).toContain("contrato.pdf");
    expect(calls.requests).not.toContain("GET /messages/5/media");
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    fireEvent.click(documentButton);
    await waitFor(() => expect(saved).toHaveLength(1));
    click.mockRestore();
    expect(saved[0]).toMatch(/^contrato\.pdf blob:media-/);
    expect(calls.requests).toContain("GET /messages/5/media");

    const map = within(row(6)).getByTestId("message-location-link");
    expect(map.getAttribute("href")).toBe("https://www.openstreetmap.org/?mlat=-23.5&mlon=-46.6#map=16/-23.5/-46.6");
    expect(map.getAttribute("target")).toBe("_blank");
    expect(map.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(row(6)).getByText("Rua A, 1")).toBeTruthy();

    expect(within(row(7)).getByTestId("message-contact-name").textContent).toBe("João Lima");
    expect(within(row(7)).getByTestId("message-contact-number").textContent).toBe("+55 11 97777 6666");
    expect(within(row(8)).getByTestId("message-call").textContent).toBe("Chamada de vídeo perdida");
    expect(within(row(9)).getByTestId("message-media-pending").textContent).toBe("baixando...");
    expect(within(row(10)).getByTestId("message-media-failed")).toBeTruthy();

    const quoted = within(row(11)).getByTestId("message-quoted-11");
    expect(quoted.textContent).toContain("Maria");
    expect(quoted.textContent).toContain("*Olá* mundo");
    expect(within(row(11)).getByTestId("message-edited").textContent).toBe("editada");
    expect(within(row(11)).getByTestId("ack-icon").getAttribute("data-kind")).toBe("read");
    expect(row(1).getAttribute("data-highlighted")).toBeNull();
    fireEvent.click(quoted);
    await waitFor(() => expect(row(1).getAttribute("data-highlighted")).toBe("true"));

    expect(within(row(12)).getByTestId("message-deleted").textContent).toBe("Mensagem apagada");
    expect(within(row(12)).queryByTestId("message-body")).toBeNull();
    expect(within(row(13)).getByTestId("message-queued")).toBeTruthy();
    expect(within(row(13)).queryByTestId("ack-icon")).toBeNull();
    expect(within(row(14)).getByTestId("message-failed").textContent).toBe("Erro ao enviar a mensagem do WhatsApp. Verifique a página de conexões.");
    expect(within(row(15)).getByTestId("message-automatic")).toBeTruthy();
    expect(row(1).getAttribute("data-automatic")).toBe("false");
    expect(within(row(16)).getByTestId("message-unsupported").textContent).toBe("Mensagem não suportada: abra no celular para vê-la.");
  });

  it("offers edit and delete only on the signed-in user's own messages, and applies them", async () => {
    const mine = makeMessage({ id: 21, body: "Meu texto", fromMe: true, user: ANA, sendStatus: "sent", ack: 3 });
    const { calls } = setup(
      [
        makeMessage({ id: 20, body: "Do cliente", contact: MARIA }),
        mine,
        makeMessage({ id: 22, body: "De outro agente", fromMe: true, user: { id: 9, name: "Bruno" }, sendStatus: "sent", ack: 3 }),
      ],
      {
        "POST /messages/edit/21": (config) => ({ status: 200, data: { ...mine, body: (JSON.parse(String(config.data)) as { body: string }).body, isEdited: true } }),
        "DELETE /messages/21": { status: 200, data: { ...mine, body: "Novo texto", isEdited: true, isDeleted: true } },
      },
    );
    let menu = await openMenu(22);
    expect(within(menu).getByTestId("message-reply")).toBeTruthy();
    expect(within(menu).getByTestId("message-react")).toBeTruthy();
    expect(within(menu).getByTestId("message-forward")).toBeTruthy();
    expect(within(menu).queryByTestId("message-edit")).toBeNull();
    expect(within(menu).queryByTestId("message-delete")).toBeNull();
    closeMenu();
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());

    menu = await openMenu(20);
    expect(within(menu).queryByTestId("message-edit")).toBeNull();
    expect(within(menu).queryByTestId("message-delete")).toBeNull();
    fireEvent.click(within(menu).getByTestId("message-reply"));
    await waitFor(() => expect(screen.getByTestId("reply-probe").textContent).toBe("20"));

    menu = await openMenu(21);
    fireEvent.click(within(menu).getByTestId("message-edit"));
    const field = (await screen.findByTestId("edit-body")) as HTMLTextAreaElement;
    expect(field.value).toBe("Meu texto");
    fireEvent.change(field, { target: { value: "Novo texto" } });
    fireEvent.click(screen.getByTestId("edit-save"));
    await waitFor(() => expect(within(row(21)).getByTestId("message-body").textContent).toBe("Novo texto"));
    expect(calls.bodies[calls.requests.indexOf("POST /messages/edit/21")]).toEqual({ body: "Novo texto" });
    expect(within(row(21)).getByTestId("message-edited")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("edit-dialog")).toBeNull());

    menu = await openMenu(21);
    fireEvent.click(within(menu).getByTestId("message-delete"));
    const confirm = await screen.findByTestId("confirm-dialog");
    expect(confirm.textContent).toContain("Deseja realmente excluir este registro?");
    fireEvent.click(within(confirm).getByTestId("confirm-ok"));
    await waitFor(() => expect(within(row(21)).getByTestId("message-deleted")).toBeTruthy());
    expect(calls.requests).toContain("DELETE /messages/21");
    // A deleted message has nothing left to do.
    expect(screen.queryByTestId("message-menu-21")).toBeNull();
  });

  it("a message the Cloud API failed shows Meta's code and title (not a translated generic error)", async () => {
    setup([makeMessage({ id: 90, body: "Ainda está aí?", fromMe: true, user: ANA, sendStatus: "failed", sendError: "131047: Re-engagement message", ack: 0 })]);
    const failed = within(await screen.findByTestId("message-90")).getByTestId("message-failed");
    expect(failed.textContent).toBe("131047: Re-engagement message");
    expect(within(row(90)).queryByTestId("ack-icon")).toBeNull();
    expect(row(90).getAttribute("data-send-status")).toBe("failed");
  });

  describe("the ticket's connection decides edit and delete for everyone", () => {
    const CLOUD = { qr: false, pairingCode: false, edit: false, delete: false, forward: true, presence: false, groups: false, numberCheck: false, templates: true, readReceipts: true };
    const connections = [makeConnection({ id: 3, provider: "cloudapi", capabilities: CLOUD }), makeConnection({ id: 4, provider: "simulator" })];
    const own = { fromMe: true, user: ANA, sendStatus: "sent" as const, ack: 3 };
    const onConnection = async (whatsappId: number, messages: MessageView[]) => {
      const forTicket = makeTicket({ id: 70, status: "open", userId: 7, user: ANA, whatsappId, whatsapp: { id: whatsappId, name: "Conexão" } });
      const { calls } = setup(messages, { "GET /whatsapp/": { status: 200, data: connections } }, forTicket);
      await screen.findByTestId(`message-${messages[0]!.id}`);
      await waitFor(() => expect(calls.requests).toContain("GET /whatsapp/"));
    };

    it("a Cloud API ticket offers neither on a sent message (only while it waits in the outbox, which cancels it)", async () => {
      await onConnection(3, [makeMessage({ id: 71, ticketId: 70, body: "Enviada", ...own }), makeMessage({ id: 72, ticketId: 70, body: "Na fila", ...own, sendStatus: "queued", ack: 0 })]);
      // The connections list may answer after the menu opens: the menu follows it.
      await openMenu(71);
      await waitFor(() => expect(within(screen.getByRole("menu")).queryByTestId("message-edit")).toBeNull());
      const menu = screen.getByRole("menu");
      expect(within(menu).queryByTestId("message-delete")).toBeNull();
      expect(within(menu).getByTestId("message-reply")).toBeTruthy();
      expect(within(menu).getByTestId("message-react")).toBeTruthy();
      expect(within(menu).getByTestId("message-forward")).toBeTruthy();
      closeMenu();
      await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
      expect(within(await openMenu(72)).getByTestId("message-delete")).toBeTruthy();
    });

    it("a simulator ticket offers both", async () => {
      await onConnection(4, [makeMessage({ id: 81, ticketId: 70, body: "Enviada", ...own })]);
      const menu = await openMenu(81);
      expect(within(menu).getByTestId("message-edit")).toBeTruthy();
      expect(within(menu).getByTestId("message-delete")).toBeTruthy();
    });
  });

  it("forwards the selection in the conversation's order, FORWARD_DELAY_MS apart, and says when nothing is selected", async () => {
    const sentAt: number[] = [];
    const { calls } = setup(
      [30, 31, 32].map((id) => makeMessage({ id, body: `Mensagem ${id}`, contact: MARIA })),
      {
        "GET /contacts/list": (config) => ({
          status: 200,
          data:
            (config.params as { searchParam?: string }).searchParam === "Mar"
              ? [
                  { id: 40, name: "Maria Lima", number: "5511987654321", email: "" },
                  { id: 41, name: "Marcos sem número", number: "", email: "" },
                ]
              : [],
        }),
        "POST /message/forward": () => {
          sentAt.push(Date.now());
          return { status: 201, data: { ticketId: 9, messageId: 99 } };
        },
      },
    );
    const menu = await openMenu(31);
    fireEvent.click(within(menu).getByTestId("message-forward"));
    const bar = await screen.findByTestId("forward-bar");
    expect(within(bar).getByTestId("forward-count").getAttribute("data-count")).toBe("1");

    // Nothing selected: the notice, no dialog.
    fireEvent.click(screen.getByTestId("message-select-31"));
    await waitFor(() => expect(within(bar).getByTestId("forward-count").getAttribute("data-count")).toBe("0"));
    fireEvent.click(screen.getByTestId("forward-submit"));
    expect(await screen.findByText("Nenhuma mensagem selecionada")).toBeTruthy();
    expect(screen.queryByTestId("forward-dialog")).toBeNull();

    // Ticked out of order; clicking the row toggles too.
    fireEvent.click(screen.getByTestId("message-select-32"));
    fireEvent.click(row(30));
    await waitFor(() => expect(within(bar).getByTestId("forward-count").getAttribute("data-count")).toBe("2"));
    fireEvent.click(screen.getByTestId("forward-submit"));
    const dialog = await screen.findByTestId("forward-dialog");
    const search = within(dialog).getByRole("combobox");
    fireEvent.change(search, { target: { value: "Ma" } });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls.requests).not.toContain("GET /contacts/list");
    fireEvent.change(search, { target: { value: "Mar" } });
    const valid = await screen.findByTestId("forward-contact-option-40", undefined, { timeout: 3_000 });
    expect(screen.getByTestId("forward-contact-option-41").getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(valid);
    const sign = within(dialog).getByTestId("forward-sign") as HTMLInputElement;
    expect(sign.checked).toBe(true);
    fireEvent.click(sign);
    expect(localStorage.getItem(STORAGE_KEYS.signMessage)).toBe("false");
    fireEvent.click(within(dialog).getByTestId("forward-send"));

    expect(await screen.findByText("Mensagens encaminhadas com sucesso!", undefined, { timeout: 5_000 })).toBeTruthy();
    const forwards = calls.bodies.filter((_body, index) => calls.requests[index] === "POST /message/forward");
    expect(forwards).toEqual([
      { messageId: 30, contactId: 40, signMessage: false },
      { messageId: 32, contactId: 40, signMessage: false },
    ]);
    expect((sentAt[1] ?? 0) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(FORWARD_DELAY_MS - 20);
    await waitFor(() => expect(screen.queryByTestId("forward-bar")).toBeNull());
  });

  it("shows reactions on their message and patches reactions, acks, media and new messages as events arrive", async () => {
    const target = makeMessage({ id: 50, body: "Posso ajudar?", contact: MARIA });
    const ours = makeMessage({ id: 52, mediaType: "reactionMessage", body: "👍", fromMe: true, user: ANA, sendStatus: "sent", ack: 1, data: { targetId: 50 }, updatedAt: "2026-03-01T10:05:00.000Z" });
    const sent = makeMessage({ id: 54, body: "Enviada", fromMe: true, user: ANA, sendStatus: "sent", ack: 1 });
    const pending = makeMessage({ id: 55, mediaType: "image", body: "", mediaStatus: "pending", contact: MARIA });
    const { calls, io } = setup(
      [target, makeMessage({ id: 51, mediaType: "reactionMessage", body: "❤️", contact: MARIA, data: { targetId: 50 } }), sent, pending],
      {
        "POST /messages/50/reactions": { status: 200, data: { ...ours, body: "", isDeleted: true, updatedAt: "2026-03-01T10:06:00.000Z" } },
        "GET /messages/55/media": blob(),
      },
    );
    const emojis = () => within(screen.getByTestId("message-reactions-50")).queryAllByTestId("message-reaction").map((badge) => badge.getAttribute("data-emoji"));
    await screen.findByTestId("message-reactions-50");
    expect(emojis()).toEqual(["❤️"]);
    expect(screen.queryByTestId("message-51")).toBeNull();
    await waitFor(() => expect(screen.getByTestId("reply-probe")).toBeTruthy());
    const appMessage = companyEvent.appMessage(COMPANY);
    // The session user loads before the socket handlers listen.
    await waitFor(() => expect(io.listeners(appMessage)).toBe(1));

    io.push(appMessage, { action: "create", message: ours, ticket });
    await waitFor(() => expect(emojis()).toEqual(["❤️", "👍"]));
    io.push(appMessage, { action: "update", message: makeMessage({ id: 51, mediaType: "reactionMessage", body: "", isDeleted: true, contact: MARIA, data: { targetId: 50 }, updatedAt: "2026-03-01T10:04:00.000Z" }) });
    await waitFor(() => expect(emojis()).toEqual(["👍"]));
    expect(screen.getByTestId("message-reactions-50").querySelector('[data-mine="true"]')).toBeTruthy();

    // Choosing our own reaction again takes it away.
    const menu = await openMenu(50);
    fireEvent.click(within(menu).getByTestId("message-react"));
    const quick = await screen.findByTestId("reaction-quick-0");
    expect(quick.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(quick);
    await waitFor(() => expect(screen.queryByTestId("message-reactions-50")).toBeNull());
    expect(calls.bodies[calls.requests.indexOf("POST /messages/50/reactions")]).toEqual({ type: "" });

    // Acks and finished downloads patch in place; a new message is appended.
    io.push(appMessage, { action: "update", message: { ...sent, ack: 4 } });
    await waitFor(() => expect(within(row(54)).getByTestId("ack-icon").getAttribute("data-kind")).toBe("read"));
    io.push(appMessage, { action: "update", message: { ...pending, mediaStatus: "ready", mediaUrl: "/messages/55/media" } });
    expect(await within(row(55)).findByTestId("message-image")).toBeTruthy();
    io.push(appMessage, { action: "create", message: makeMessage({ id: 56, body: "Nova", contact: MARIA }), ticket });
    await waitFor(() => expect(screen.getByTestId("message-56")).toBeTruthy());
    const ids = screen.getAllByTestId(/^message-\d+$/).map((el) => el.getAttribute("data-testid"));
    expect(ids).toEqual(["message-50", "message-54", "message-55", "message-56"]);
  });

  it("loads older pages near the top keeping the reader's place, and follows new messages only from the bottom", async () => {
    // jsdom has no layout: each message row is 100 px tall, the list shows 200 px.
    const ROW = 100;
    const VIEW = 200;
    const isList = (el: HTMLElement) => el.dataset.testid === "messages-list";
    const rowsIn = (el: HTMLElement) => [...el.querySelectorAll("[data-testid]")].filter((child) => /^message-\d+$/.test(child.getAttribute("data-testid") ?? "")).length;
    const height = vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
      return isList(this) ? rowsIn(this) * ROW : 0;
    });
    const client = vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
      return isList(this) ? VIEW : 0;
    });
    try {
      const page = (ids: number[], hasMore: boolean) => ({
        messages: ids.map((id) => makeMessage({ id, body: `m${id}`, contact: MARIA })),
        ticket,
        count: 6,
        hasMore,
      });
      const { calls, io } = setup([], {
        "GET /messages/1": (config) => ({ status: 200, data: (config.params as { pageNumber: number }).pageNumber === 2 ? page([100, 101, 102], false) : page([103, 104, 105], true) }),
      });
      await screen.findByTestId("message-105");
      const list = screen.getByTestId("messages-list");
      expect(list.scrollTop).toBe(300);
      expect(screen.queryByTestId("messages-ticket-start")).toBeNull();

      // Within 50 px of the top: page 2 comes and the same messages stay in view.
      list.scrollTop = 10;
      fireEvent.scroll(list);
      await screen.findByTestId("message-100");
      expect(calls.requests.filter((request) => request === "GET /messages/1")).toHaveLength(2);
      expect(screen.getAllByTestId(/^message-\d+$/).map((el) => el.getAttribute("data-testid"))).toEqual(
        [100, 101, 102, 103, 104, 105].map((id) => `message-${id}`),
      );
      expect(list.scrollTop).toBe(310);
      expect(screen.getByTestId("messages-ticket-start")).toBeTruthy();

      // Reading further up: a customer's new message does not move the view.
      const appMessage = companyEvent.appMessage(COMPANY);
      await waitFor(() => expect(io.listeners(appMessage)).toBe(1));
      io.push(appMessage, { action: "create", message: makeMessage({ id: 106, body: "nova", contact: MARIA }), ticket });
      await screen.findByTestId("message-106");
      expect(list.scrollTop).toBe(310);

      // At the bottom: the next one is followed.
      list.scrollTop = 700 - VIEW;
      fireEvent.scroll(list);
      io.push(appMessage, { action: "create", message: makeMessage({ id: 107, body: "outra", contact: MARIA }), ticket });
      await screen.findByTestId("message-107");
      expect(list.scrollTop).toBe(800);
    } finally {
      height.mockRestore();
      client.mockRestore();
    }
  });

  it("marks the end of a closed conversation and shows no menu in read-only mode", async () => {
    const closed = makeTicket({ id: 2, status: "closed", closedAt: "2026-03-01T12:30:00.000Z" });
    setup([makeMessage({ id: 60, ticketId: 2, body: "Tchau", contact: MARIA })], {}, closed, true);
    expect(await screen.findByTestId("messages-ticket-end")).toBeTruthy();
    expect(screen.getByTestId("messages-ticket-end").textContent).toMatch(/Atendimento finalizado em 01\/03\/2026/);
    expect(screen.getByTestId("message-60")).toBeTruthy();
    expect(screen.queryByTestId("message-menu-60")).toBeNull();
  });
});
