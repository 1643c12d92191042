import { describe, expect, it, vi } from "vitest";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CLIENT_EVENTS, STORAGE_KEYS, type SessionUser, type SimulatorContactView, type SimulatorMessageView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import type { Connection } from "../features/connections/types.js";
import { fakeApi } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeConnection } from "../test/connection-fixtures.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

configure({ asyncUtilTimeout: 5_000 });

const admin = makeUser({ id: 1, profile: "admin" });
const CUSTOMER = "5511988887777";

const contact = (overrides: Partial<SimulatorContactView> = {}): SimulatorContactView => ({
  id: 1,
  whatsappId: 1,
  name: "Maria Cliente",
  number: CUSTOMER,
  isGroup: false,
  members: [],
  createdAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});

const message = (overrides: Partial<SimulatorMessageView> = {}): SimulatorMessageView => ({
  id: 1,
  whatsappId: 1,
  chat: CUSTOMER,
  messageId: "m1",
  direction: "in",
  own: false,
  author: null,
  type: "text",
  body: "Oi",
  content: {},
  mediaUrl: null,
  ack: 0,
  edited: false,
  deleted: false,
  reactions: [],
  createdAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});

const MESSAGES = [0, 1, 2, 3, 4, 5].map((ack) =>
  message({ id: ack + 1, messageId: `out-${ack}`, direction: "out", body: `resposta ${ack}`, ack }),
);

function signInAs(user: SessionUser, connections: Connection[], extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /whatsapp/": { status: 200, data: connections },
    "GET /simulator/1/contacts": { status: 200, data: [contact(), contact({ id: 2, name: "João", number: "5511977776666" })] },
    [`GET /simulator/1/chats/${CUSTOMER}/messages`]: { status: 200, data: MESSAGES },
    [`POST /simulator/1/chats/${CUSTOMER}/messages`]: { status: 200, data: message() },
    [`POST /simulator/1/chats/${CUSTOMER}/read`]: { status: 200, data: {} },
    ...extra,
  });
}

function renderPage(path = "/simulator") {
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    path,
  );
  return io;
}

async function openChat() {
  fireEvent.click(await screen.findByTestId(`simulator-customer-${CUSTOMER}`));
  await screen.findByTestId("simulator-message-out-5");
}

const sent = (api: ReturnType<typeof fakeApi>) =>
  api.requests.flatMap((r, i) => (r === `POST /simulator/1/chats/${CUSTOMER}/messages` ? [api.bodies[i]] : []));
const inputOf = (testId: string) => {
  const found = screen.getByTestId(testId);
  const element = found.matches("input, textarea") ? found : found.querySelector("input, textarea");
  if (!element) throw new Error(`no input in ${testId}`);
  return element as HTMLInputElement;
};

describe("SimulatorPage", { timeout: 30_000 }, () => {
  it("shows the agents' replies with the ack icon of each ack value", async () => {
    signInAs(admin, [makeConnection({ id: 1 })]);
    renderPage();
    await openChat();
    const kinds = MESSAGES.map((m) => {
      const bubble = screen.getByTestId(`simulator-message-${m.messageId}`);
      expect(bubble.getAttribute("data-ack")).toBe(String(m.ack));
      return within(bubble).getByTestId("ack-icon").getAttribute("data-kind");
    });
    expect(kinds).toEqual(["pending", "sent", "sent", "delivered", "read", "read"]);
  });

  it("sends text, location, a contact card, a reaction and presence as the contract's JSON", async () => {
    const api = signInAs(admin, [makeConnection({ id: 1 })]);
    renderPage();
    await openChat();

    // whitespace only: nothing is sent
    fireEvent.change(inputOf("simulator-input"), { target: { value: "   " } });
    fireEvent.click(screen.getByTestId("simulator-send"));
    fireEvent.change(inputOf("simulator-input"), { target: { value: "Quero um orçamento" } });
    fireEvent.click(screen.getByTestId("simulator-send"));
    await waitFor(() => expect(sent(api)).toHaveLength(1));
    expect(sent(api)[0]).toEqual({ type: "text", body: "Quero um orçamento" });
    await waitFor(() => expect(inputOf("simulator-input").value).toBe(""));

    fireEvent.click(screen.getByTestId("simulator-location"));
    fireEvent.change(inputOf("simulator-location-lat"), { target: { value: "-22.9" } });
    fireEvent.change(inputOf("simulator-location-long"), { target: { value: "-43.2" } });
    fireEvent.change(inputOf("simulator-location-name"), { target: { value: "Loja Centro" } });
    fireEvent.click(screen.getByTestId("simulator-location-send"));
    await waitFor(() => expect(sent(api)).toHaveLength(2));
    expect(sent(api)[1]).toEqual({ type: "location", latitude: -22.9, longitude: -43.2, name: "Loja Centro" });

    fireEvent.click(screen.getByTestId("simulator-contact"));
    fireEvent.change(inputOf("simulator-contact-name"), { target: { value: "Pedro Souza" } });
    fireEvent.change(inputOf("simulator-contact-number"), { target: { value: "+55 21 97777-6666" } });
    fireEvent.click(screen.getByTestId("simulator-contact-send"));
    await waitFor(() => expect(sent(api)).toHaveLength(3));
    expect(sent(api)[2]).toEqual({
      type: "contact",
      displayName: "Pedro Souza",
      vcard: "BEGIN:VCARD\nVERSION:3.0\nN:;Pedro Souza;;;\nFN:Pedro Souza\nTEL;type=CELL;type=VOICE;waid=5521977776666:+5521977776666\nEND:VCARD",
    });

    fireEvent.click(screen.getByTestId("simulator-react-out-4"));
    fireEvent.click(await screen.findByTestId("simulator-reaction-option-1"));
    await waitFor(() => expect(sent(api)).toHaveLength(4));
    expect(sent(api)[3]).toEqual({ type: "reaction", messageId: "out-4", emoji: "❤️" });

    fireEvent.click(screen.getByTestId("simulator-typing"));
    fireEvent.click(screen.getByTestId("simulator-recording"));
    await waitFor(() => expect(sent(api)).toHaveLength(6));
    expect(sent(api).slice(4)).toEqual([
      { type: "presence", presence: "composing" },
      { type: "presence", presence: "recording" },
    ]);
  });

  it("sends files as multipart: an image with its caption, an audio as a voice note", async () => {
    const api = signInAs(admin, [makeConnection({ id: 1 })]);
    renderPage();
    await openChat();
    const fileInput = () => screen.getByTestId("simulator-attach").querySelector("input[type=file]") as HTMLInputElement;

    fireEvent.change(inputOf("simulator-input"), { target: { value: "foto do produto" } });
    const image = new File([new Uint8Array([1, 2, 3])], "produto.png", { type: "image/png" });
    fireEvent.change(fileInput(), { target: { files: [image] } });
    await waitFor(() => expect(sent(api)).toHaveLength(1));
    const first = sent(api)[0] as FormData;
    expect(first).toBeInstanceOf(FormData);
    expect((first.get("file") as File).name).toBe("produto.png");
    expect(first.get("type")).toBe("image");
    expect(first.get("caption")).toBe("foto do produto");
    expect(first.get("voice")).toBeNull();

    fireEvent.click(screen.getByTestId("simulator-voice"));
    const audio = new File([new Uint8Array([4, 5, 6])], "nota.ogg", { type: "audio/ogg" });
    fireEvent.change(fileInput(), { target: { files: [audio] } });
    await waitFor(() => expect(sent(api)).toHaveLength(2));
    const second = sent(api)[1] as FormData;
    expect(second.get("type")).toBe("audio");
    expect(second.get("voice")).toBe("true");

    const pdf = new File([new Uint8Array([7])], "boleto.pdf", { type: "application/pdf" });
    fireEvent.change(fileInput(), { target: { files: [pdf] } });
    await waitFor(() => expect(sent(api)).toHaveLength(3));
    expect((sent(api)[2] as FormData).get("type")).toBe("document");
  });

  it("asks for the simulator's traffic while open, again on reconnect, and gives it up when left", async () => {
    signInAs(admin, [makeConnection({ id: 1 })]);
    const io = fakeSocket();
    const emit = vi.spyOn(io.socket, "emit");
    const view = renderApp(
      <SocketContext.Provider value={io.socket}>
        <AppRoutes />
      </SocketContext.Provider>,
      "/simulator",
    );
    const joins = () => emit.mock.calls.filter(([event]) => event === CLIENT_EVENTS.joinSimulator).length;
    await waitFor(() => expect(joins()).toBe(1));
    io.push("connect", undefined);
    expect(joins()).toBe(2);
    view.unmount();
    expect(emit.mock.calls.at(-1)?.[0]).toBe(CLIENT_EVENTS.leaveSimulator);
  });

  it("opens the chat (read) and follows acks and new messages live", async () => {
    const api = signInAs(admin, [makeConnection({ id: 1 })]);
    const io = renderPage();
    await openChat();
    fireEvent.click(screen.getByTestId("simulator-read"));
    await waitFor(() => expect(api.requests).toContain(`POST /simulator/1/chats/${CUSTOMER}/read`));

    io.push("company-3-simulator", { action: "ack", whatsappId: 1, chat: CUSTOMER, messageId: "out-3", ack: 4 });
    await waitFor(() => expect(screen.getByTestId("simulator-message-out-3").getAttribute("data-ack")).toBe("4"));
    io.push("company-3-simulator", {
      action: "message",
      message: message({ id: 50, messageId: "agent-new", direction: "out", body: "Olá, Maria!", ack: 1 }),
    });
    expect(await screen.findByTestId("simulator-message-agent-new")).toBeTruthy();
    io.push("company-3-simulator", {
      action: "update",
      message: message({ id: 50, messageId: "agent-new", direction: "out", body: "Olá, Maria! (corrigido)", ack: 3, edited: true }),
    });
    await waitFor(() => expect(screen.getByTestId("simulator-message-agent-new").getAttribute("data-edited")).toBe("true"));
    io.push("company-3-simulator", {
      action: "update",
      message: message({ id: 50, messageId: "agent-new", direction: "out", body: "x", ack: 3, deleted: true, reactions: [{ from: CUSTOMER, emoji: "👍" }] }),
    });
    await waitFor(() => expect(within(screen.getByTestId("simulator-message-agent-new")).getByTestId("simulator-message-deleted")).toBeTruthy());
    // another connection's traffic is ignored
    io.push("company-3-simulator", { action: "ack", whatsappId: 2, chat: CUSTOMER, messageId: "out-0", ack: 4 });
    expect(screen.getByTestId("simulator-message-out-0").getAttribute("data-ack")).toBe("0");
  });

  it("creates a customer and a group with members", async () => {
    const api = signInAs(admin, [makeConnection({ id: 1 })], {
      "POST /simulator/1/contacts": (config) => ({ status: 200, data: contact({ id: 9, ...JSON.parse(String(config.data)) }) }),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId("simulator-new-customer"));
    fireEvent.change(inputOf("simulator-customer-name"), { target: { value: "Ana" } });
    fireEvent.change(inputOf("simulator-customer-number"), { target: { value: "12" } });
    fireEvent.click(screen.getByTestId("simulator-customer-save"));
    expect(await screen.findByText("Número de telefone inválido")).toBeTruthy();
    fireEvent.change(inputOf("simulator-customer-number"), { target: { value: "+55 11 96666-5555" } });
    fireEvent.click(screen.getByTestId("simulator-customer-save"));
    await waitFor(() => expect(api.requests).toContain("POST /simulator/1/contacts"));
    expect(api.bodies[api.requests.indexOf("POST /simulator/1/contacts")]).toEqual({ name: "Ana", number: "5511966665555" });

    fireEvent.click(screen.getByTestId("simulator-new-customer"));
    fireEvent.click(inputOf("simulator-customer-group"));
    fireEvent.change(inputOf("simulator-customer-name"), { target: { value: "Família" } });
    fireEvent.mouseDown(within(screen.getByTestId("simulator-customer-members")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId(`simulator-member-option-${CUSTOMER}`));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    fireEvent.click(screen.getByTestId("simulator-customer-save"));
    await waitFor(() => expect(api.requests.filter((r) => r === "POST /simulator/1/contacts")).toHaveLength(2));
    expect(api.bodies[api.requests.lastIndexOf("POST /simulator/1/contacts")]).toEqual({ name: "Família", isGroup: true, members: [CUSTOMER] });
  });

  it("scans a pending QR and drops the connection on demand", async () => {
    const pending = makeConnection({ id: 1, status: "qrcode", qrcode: "old" });
    const api = signInAs(admin, [pending], {
      "GET /whatsapp/1": { status: 200, data: { ...pending, qrcode: "fresh-token" } },
      "POST /simulator/1/scan": { status: 200, data: {} },
      "POST /simulator/1/drop": { status: 200, data: {} },
    });
    const io = renderPage("/simulator?whatsappId=1");
    expect((await screen.findByTestId("simulator-drop-timeout")).hasAttribute("disabled")).toBe(true);
    fireEvent.click(await screen.findByTestId("simulator-scan"));
    await waitFor(() => expect(api.requests).toContain("POST /simulator/1/scan"));
    expect(api.bodies[api.requests.indexOf("POST /simulator/1/scan")]).toEqual({ qrcode: "fresh-token" });

    io.push("company-3-whatsappSession", { action: "update", session: { ...pending, status: "CONNECTED", qrcode: "" } });
    await waitFor(() => expect(screen.getByTestId("simulator-status").getAttribute("data-status")).toBe("CONNECTED"));
    expect(screen.queryByTestId("simulator-scan")).toBeNull();
    fireEvent.click(screen.getByTestId("simulator-drop-timeout"));
    await waitFor(() => expect(api.requests).toContain("POST /simulator/1/drop"));
    expect(api.bodies[api.requests.indexOf("POST /simulator/1/drop")]).toEqual({ status: "TIMEOUT" });
  });

  it("offers only simulator connections", async () => {
    signInAs(admin, [makeConnection({ id: 1 }), makeConnection({ id: 2, provider: "beta", name: "Baileys" })]);
    renderPage();
    fireEvent.mouseDown(within(await screen.findByTestId("simulator-connection")).getByRole("combobox"));
    expect(await screen.findByTestId("simulator-connection-option-1")).toBeTruthy();
    expect(screen.queryByTestId("simulator-connection-option-2")).toBeNull();
  });

  it("refuses agents", async () => {
    signInAs(makeUser({ profile: "user" }), [makeConnection({ id: 1 })]);
    renderPage();
    expect(await screen.findByText("Sem permissão para acessar!")).toBeTruthy();
    expect(screen.queryByTestId("simulator-connection")).toBeNull();
  });
});
