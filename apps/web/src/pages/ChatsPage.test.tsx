import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { chatEvent, STORAGE_KEYS, type ChatMessageView, type ChatView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import { fakeApi, type Reply } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

// jsdom has no Web Audio: a stand-in that counts the chimes the app plays (it builds one gain node per chime).
const chimes = vi.fn();
class FakeAudioContext {
  currentTime = 0;
  destination = {};
  createGain() {
    chimes();
    return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: () => undefined };
  }
  createOscillator() {
    return { frequency: { value: 0 }, connect: () => undefined, start: () => undefined, stop: () => undefined };
  }
}
beforeAll(() => Object.defineProperty(window, "AudioContext", { value: FakeAudioContext, configurable: true, writable: true }));
afterAll(() => Reflect.deleteProperty(window, "AudioContext"));

const me = makeUser({ id: 7, name: "Ana" }, { useInternalChat: true });
const COMPANY = me.companyId;
const bruno = { id: 8, name: "Bruno" };

const chat = (id: number, extra: Partial<ChatView> = {}): ChatView => ({
  id,
  uuid: `uuid-${id}`,
  title: `Conversa ${id}`,
  ownerId: 7,
  lastMessage: "",
  users: [
    { userId: 7, unreads: 0, user: { id: 7, name: "Ana" } },
    { userId: 8, unreads: 0, user: bruno },
  ],
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  ...extra,
});
const message = (id: number, text: string, senderId = 8): ChatMessageView => ({
  id,
  chatId: 1,
  message: text,
  senderId,
  sender: senderId === 7 ? { id: 7, name: "Ana" } : bruno,
  createdAt: "2026-01-01T10:00:00.000Z",
});
const withUnreads = (c: ChatView, unreads: number) => ({ ...c, users: c.users.map((u) => (u.userId === 7 ? { ...u, unreads } : u)) });

function signIn(chats: ChatView[], extra: Record<string, Reply | ((config: InternalAxiosRequestConfig) => Reply)> = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: me },
    "GET /chats": { status: 200, data: { records: chats, count: chats.length, hasMore: false } },
    "GET /chats/1/messages": { status: 200, data: { records: [message(1, "Oi, Ana")], hasMore: false } },
    "POST /chats/1/read": { status: 200, data: chats[0] },
    "GET /users/list": { status: 200, data: [{ id: 7, name: "Ana" }, bruno, { id: 9, name: "Carla" }] },
    ...(extra as Record<string, Reply>),
  });
}

function renderPage(path: string) {
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    path,
  );
  return io;
}

afterEach(() => chimes.mockReset());

describe("ChatsPage", { timeout: 30_000 }, () => {
  it("opens a chat by its uuid, shows its messages and marks it read; the menu shows the unread badge", async () => {
    const api = signIn([withUnreads(chat(1, { lastMessage: "Oi, Ana" }), 2), chat(2)]);
    renderPage("/chats");
    expect(await screen.findByTestId("chats-badge")).toBeTruthy();
    expect((await screen.findByTestId("chat-unreads-1")).textContent).toBe("2");
    fireEvent.click(screen.getByTestId("chat-item-1"));
    expect(await screen.findByText("Oi, Ana", { selector: "[data-testid=chat-message-text]" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/chats/uuid-1");
    await waitFor(() => expect(api.requests).toContain("POST /chats/1/read"));
    expect(api.bodies[api.requests.indexOf("POST /chats/1/read")]).toEqual({ userId: 7 });
  });

  it("sends a message, never a whitespace-only one", async () => {
    const api = signIn([chat(1)], { "POST /chats/1/messages": (config) => ({ status: 201, data: message(2, JSON.parse(config.data as string).message, 7) }) });
    renderPage("/chats/uuid-1");
    const input = await screen.findByTestId("chat-input");
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.change(input, { target: { value: "  Tudo certo  " } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await screen.findByText("Tudo certo")).toBeTruthy();
    const sent = api.requests.map((r, i) => (r === "POST /chats/1/messages" ? api.bodies[i] : null)).filter(Boolean);
    expect(sent).toEqual([{ message: "Tudo certo" }]);
  });

  it("shows a message from another member live and chimes, but not for my own", async () => {
    signIn([chat(1)]);
    const io = renderPage("/chats/uuid-1");
    await screen.findByText("Oi, Ana");
    const live = message(5, "Chegou agora");
    io.push(chatEvent.chat(COMPANY, 1), { action: "new-message", chat: chat(1), newMessage: live });
    io.push(chatEvent.company(COMPANY), { action: "new-message", chat: chat(1), newMessage: live });
    expect(await screen.findByText("Chegou agora", { selector: "[data-testid=chat-message-text]" })).toBeTruthy();
    expect(chimes).toHaveBeenCalledTimes(1);
    io.push(chatEvent.company(COMPANY), { action: "new-message", chat: chat(1), newMessage: message(6, "Minha", 7) });
    expect(chimes).toHaveBeenCalledTimes(1);
  });

  it("loads older messages when scrolled near the top", async () => {
    const pages: number[] = [];
    signIn([chat(1)], {
      "GET /chats/1/messages": (config) => {
        const page = (config.params as { pageNumber: number }).pageNumber;
        pages.push(page);
        return page === 1
          ? { status: 200, data: { records: [message(3, "Recente")], hasMore: true } }
          : { status: 200, data: { records: [message(1, "Antiga")], hasMore: false } };
      },
    });
    renderPage("/chats/uuid-1");
    await screen.findByText("Recente");
    // jsdom has no layout: the list is always at its top.
    fireEvent.scroll(screen.getByTestId("chat-messages"));
    expect(await screen.findByText("Antiga")).toBeTruthy();
    const texts = within(screen.getByTestId("chat-messages")).getAllByTestId("chat-message-text").map((el) => el.textContent);
    expect(texts).toEqual(["Antiga", "Recente"]);
    expect(pages).toEqual([1, 2]);
  });

  it("validates the dialog with the spec's messages and creates the chat", async () => {
    const created = chat(3, { title: "Plantão" });
    const api = signIn([], { "POST /chats": { status: 201, data: created } });
    renderPage("/chats");
    fireEvent.click(await screen.findByTestId("chats-add"));
    fireEvent.click(await screen.findByTestId("chat-save"));
    expect(await screen.findByText("Por favor, preencha o título da conversa.")).toBeTruthy();
    expect(screen.getByText("Por favor, selecione pelo menos um usuário.")).toBeTruthy();
    fireEvent.change(screen.getByTestId("chat-title-input"), { target: { value: "Plantão" } });
    const users = within(screen.getByTestId("chat-users")).getByRole("combobox");
    fireEvent.mouseDown(users);
    fireEvent.click(await screen.findByRole("option", { name: "Carla" }));
    expect(screen.queryByRole("option", { name: "Ana" })).toBeNull();
    fireEvent.click(screen.getByTestId("chat-save"));
    await waitFor(() => expect(api.requests).toContain("POST /chats"));
    expect(api.bodies[api.requests.indexOf("POST /chats")]).toEqual({ title: "Plantão", users: [9] });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/chats/uuid-3"));
  });

  it("offers edit and delete only on chats I own; deleting the open chat goes back to /chats", async () => {
    const api = signIn([chat(1), chat(2, { ownerId: 8 })], { "DELETE /chats/1": { status: 204 } });
    renderPage("/chats/uuid-1");
    await screen.findByTestId("chat-item-2");
    expect(screen.queryByTestId("chat-edit-2")).toBeNull();
    expect(screen.queryByTestId("chat-delete-2")).toBeNull();
    fireEvent.click(screen.getByTestId("chat-edit-1"));
    expect(((await screen.findByTestId("chat-title-input")) as HTMLInputElement).value).toBe("Conversa 1");
    fireEvent.click(screen.getByText("Cancelar"));
    fireEvent.click(screen.getByTestId("chat-delete-1"));
    fireEvent.click(await screen.findByTestId("confirm-ok"));
    await waitFor(() => expect(api.requests).toContain("DELETE /chats/1"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/chats"));
  });

  it("shows the tabs 'Chats' and 'Mensagens' on narrow screens", async () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes("max-width") });
    try {
      signIn([chat(1)]);
      renderPage("/chats");
      expect((await screen.findByTestId("chats-tab-chats")).textContent).toBe("Chats");
      expect(screen.getByTestId("chats-tab-messages").textContent).toBe("Mensagens");
      fireEvent.click(await screen.findByTestId("chat-item-1"));
      expect(await screen.findByText("Oi, Ana", { selector: "[data-testid=chat-message-text]" })).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });
});
