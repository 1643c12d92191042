import { afterEach, describe, expect, it } from "vitest";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import type { Connection } from "../features/connections/types.js";
import { i18n } from "../i18n/index.js";
import { fakeApi, type Reply } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeConnection } from "../test/connection-fixtures.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

// The first render of the whole shell is slow on a cold worker.
configure({ asyncUtilTimeout: 5_000 });

const admin = makeUser({ id: 1, profile: "admin" });
const agent = makeUser({ id: 2, profile: "user" });
const QUEUES = [
  { id: 1, name: "Vendas", color: "#ff0000" },
  { id: 2, name: "Suporte", color: "#00aa00" },
  { id: 3, name: "Financeiro", color: "#0000ff" },
  { id: 4, name: "Cobrança", color: "#aa00aa" },
  { id: 5, name: "Pós-venda", color: "#00aaaa" },
  { id: 6, name: "Ouvidoria", color: "#aaaa00" },
  { id: 7, name: "Compras", color: "#333333" },
];

type Routes = Parameters<typeof fakeApi>[0];

function signInAs(user: SessionUser, connections: Connection[], extra: Routes = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /whatsapp/": { status: 200, data: connections },
    "GET /queue": { status: 200, data: QUEUES },
    ...Object.fromEntries(connections.map((c) => [`GET /whatsapp/${c.id}`, { status: 200, data: c } as Reply])),
    ...extra,
  });
}

function renderPage(path = "/connections") {
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    path,
  );
  return io;
}

const bodyOf = (api: ReturnType<typeof fakeApi>, request: string) => api.bodies[api.requests.indexOf(request)];
const has = (testId: string) => screen.queryByTestId(testId) !== null;
const inputOf = (testId: string) => {
  const found = screen.getByTestId(testId);
  const element = found.matches("input, textarea") ? found : found.querySelector("input, textarea");
  if (!element) throw new Error(`no input in ${testId}`);
  return element as HTMLInputElement;
};

afterEach(async () => {
  await i18n.changeLanguage("pt");
});

describe("ConnectionsPage", { timeout: 20_000 }, () => {
  it("is the page at /connections, with the card's fields", async () => {
    signInAs(admin, [makeConnection({ id: 4, name: "Loja", number: "5511988887777", hasTranscribeKey: true })]);
    renderPage("/connections");
    const card = await screen.findByTestId("connection-card-4");
    expect(within(card).getByText("Loja")).toBeTruthy();
    expect(within(card).getByTestId("connection-number-4").textContent).toContain("+55 11 98888 7777");
    expect(within(card).getByTestId("connection-default-4")).toBeTruthy();
    // dd/MM/yy HH:mm in local time
    const updated = new Date("2026-03-04T15:07:00.000Z");
    const pad = (n: number) => String(n).padStart(2, "0");
    expect(screen.getByTestId("connection-updated-4").textContent).toContain(
      `${pad(updated.getDate())}/${pad(updated.getMonth() + 1)}/26 ${pad(updated.getHours())}:${pad(updated.getMinutes())}`,
    );
    // Only whether an API token is set; the token itself is shown once, when generated (ApiTokenBox).
    expect(within(card).getByTestId("api-token-state").textContent).toContain("Nenhum token");
    expect(inputOf("connection-timeforagroup-4").value).toBe("5");
    expect(screen.getByTestId("connection-transcribekey-set-4")).toBeTruthy();
    // the key itself never shows: the field starts empty
    expect(inputOf("connection-transcribekey-4").value).toBe("");
    expect(screen.getByTestId("connection-status-4").getAttribute("data-status")).toBe("CONNECTED");
  });

  it("gives each status its buttons", async () => {
    const statuses = ["qrcode", "DISCONNECTED", "CONNECTED", "PAIRING", "TIMEOUT", "OPENING"] as const;
    signInAs(
      admin,
      statuses.map((status, i) => makeConnection({ id: i + 1, name: `C${i + 1}`, status, isDefault: i === 0 })),
    );
    renderPage();
    await screen.findByTestId("connection-card-1");
    const buttons = (id: number) =>
      ["qr-button", "start", "newqr", "disconnect", "opening"].filter((b) => has(`connection-${b}-${id}`));
    expect(buttons(1)).toEqual(["qr-button"]);
    expect(buttons(2)).toEqual(["start", "newqr"]);
    expect(buttons(3)).toEqual(["disconnect"]);
    expect(buttons(4)).toEqual(["disconnect"]);
    expect(buttons(5)).toEqual(["disconnect"]);
    expect(buttons(6)).toEqual(["opening"]);
    expect((screen.getByTestId("connection-opening-6") as HTMLButtonElement).disabled).toBe(true);
    statuses.forEach((status, i) => expect(screen.getByTestId(`connection-status-${i + 1}`).getAttribute("data-status")).toBe(status));
  });

  it("starts, asks for a new QR and disconnects after confirmation", async () => {
    const api = signInAs(admin, [makeConnection({ id: 2, status: "DISCONNECTED" }), makeConnection({ id: 3, status: "CONNECTED", isDefault: false })], {
      "POST /whatsappsession/2": { status: 200, data: {} },
      "PUT /whatsappsession/2": { status: 200, data: {} },
      "DELETE /whatsappsession/3": { status: 200, data: {} },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId("connection-start-2"));
    await waitFor(() => expect(api.requests).toContain("POST /whatsappsession/2"));
    fireEvent.click(screen.getByTestId("connection-newqr-2"));
    await waitFor(() => expect(api.requests).toContain("PUT /whatsappsession/2"));

    fireEvent.click(screen.getByTestId("connection-disconnect-3"));
    expect(await screen.findByTestId("confirm-dialog")).toBeTruthy();
    expect(api.requests).not.toContain("DELETE /whatsappsession/3");
    fireEvent.click(screen.getByTestId("confirm-ok"));
    await waitFor(() => expect(api.requests).toContain("DELETE /whatsappsession/3"));
  });

  it("deletes after the spec's confirmation and restarts with its toast", async () => {
    const api = signInAs(admin, [makeConnection({ id: 5 })], {
      "DELETE /whatsapp/5": { status: 200, data: {} },
      "POST /whatsapp-restart/": { status: 200, data: {} },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId("connection-delete-5"));
    expect(await screen.findByText("Deseja realmente excluir este registro?")).toBeTruthy();
    fireEvent.click(screen.getByTestId("confirm-ok"));
    await waitFor(() => expect(screen.queryByTestId("connection-card-5")).toBeNull());
    expect(api.requests).toContain("DELETE /whatsapp/5");

    fireEvent.click(screen.getByTestId("connections-restart"));
    expect(await screen.findByText("Aguarde... reiniciando...")).toBeTruthy();
    await waitFor(() => expect(api.requests).toContain("POST /whatsapp-restart/"));
  });

  it("saves only the changed fields, and nothing when nothing changed", async () => {
    const connection = makeConnection({ id: 7, queues: [QUEUES[0]!] });
    const api = signInAs(admin, [connection], {
      "PUT /whatsapp/7": (config) => ({ status: 200, data: { ...connection, ...JSON.parse(String(config.data)), queues: [QUEUES[0]] } }),
    });
    renderPage();
    const save = (await screen.findByTestId("connection-card-save-7")) as HTMLButtonElement;
    // unchanged: nothing to send
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    expect(api.requests.filter((r) => r.startsWith("PUT"))).toEqual([]);

    fireEvent.change(inputOf("connection-timeforagroup-7"), { target: { value: "12" } });
    fireEvent.click(inputOf("connection-transcribe-7"));
    fireEvent.change(inputOf("connection-transcribekey-7"), { target: { value: "sk-new" } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(api.requests).toContain("PUT /whatsapp/7"));
    expect(bodyOf(api, "PUT /whatsapp/7")).toEqual({ timeforagroup: 12, transcribe: true, transcribekey: "sk-new" });
    expect(await screen.findByText("Conexão salva com sucesso!")).toBeTruthy();
  });

  it("requires a greeting with more than one queue and clears it with one", async () => {
    const connection = makeConnection({ id: 8, queues: [QUEUES[0]!, QUEUES[1]!], greetingMessage: "Olá! Escolha uma fila." });
    const api = signInAs(admin, [connection], { "PUT /whatsapp/8": { status: 200, data: {} } });
    renderPage();
    await screen.findByTestId("connection-card-8");
    // two queues and an empty greeting: refused here, nothing sent
    fireEvent.change(inputOf("connection-greeting-8"), { target: { value: "  " } });
    fireEvent.click(screen.getByTestId("connection-card-save-8"));
    expect(await screen.findByText("A mensagem de saudação é obrigatória quando mais de uma fila é selecionada")).toBeTruthy();
    expect(api.requests).not.toContain("PUT /whatsapp/8");

    // one queue left: the greeting is cleared
    fireEvent.click(screen.getByTestId("connection-queue-8-2"));
    fireEvent.click(screen.getByTestId("connection-card-save-8"));
    await waitFor(() => expect(api.requests).toContain("PUT /whatsapp/8"));
    expect(bodyOf(api, "PUT /whatsapp/8")).toEqual({ queueIds: [1], greetingMessage: "" });
  });

  it("shows the greeting rule in English too", async () => {
    await i18n.changeLanguage("en");
    signInAs(admin, [makeConnection({ id: 8, queues: [QUEUES[0]!] })]);
    renderPage();
    await screen.findByTestId("connection-card-8");
    fireEvent.click(screen.getByTestId("connection-queue-8-2"));
    fireEvent.click(screen.getByTestId("connection-card-save-8"));
    expect(await screen.findByText("The greeting message is mandatory when more than one queue is selected")).toBeTruthy();
  });

  it("toasts the server's ERR_WAPP_GREETING_REQUIRED", async () => {
    signInAs(admin, [makeConnection({ id: 9, queues: [QUEUES[0]!, QUEUES[1]!], greetingMessage: "Oi" })], {
      "PUT /whatsapp/9": { status: 400, data: { error: "ERR_WAPP_GREETING_REQUIRED" } },
    });
    renderPage();
    await screen.findByTestId("connection-card-9");
    fireEvent.change(inputOf("connection-greeting-9"), { target: { value: "Olá" } });
    fireEvent.click(screen.getByTestId("connection-card-save-9"));
    expect(await screen.findByText("A mensagem de saudação é obrigatória quando há mais de uma fila.")).toBeTruthy();
  });

  it("shows five queues and a toggle for the others", async () => {
    signInAs(admin, [makeConnection({ id: 3, queues: [QUEUES[6]!] })]);
    renderPage();
    await screen.findByTestId("connection-card-3");
    await waitFor(() => expect(within(screen.getByTestId("connection-queues-3")).getAllByRole("button").length).toBe(6));
    // the linked queue first, then four others, then the toggle
    expect(screen.getByTestId("connection-queue-3-7").getAttribute("aria-pressed")).toBe("true");
    expect(has("connection-queue-3-6")).toBe(false);
    fireEvent.click(screen.getByTestId("connection-queues-more-3"));
    expect(has("connection-queue-3-6")).toBe(true);
  });

  it("opens the QR dialog, follows the session event and closes itself on an empty QR", async () => {
    const connection = makeConnection({ id: 11, status: "qrcode", qrcode: "qr-first" });
    signInAs(admin, [connection]);
    const io = renderPage();
    fireEvent.click(await screen.findByTestId("connection-qr-button-11"));
    const dialog = await screen.findByTestId("qr-dialog");
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(4);
    await waitFor(() => expect(screen.getByTestId("qr-image").getAttribute("data-qr")).toBe("qr-first"));
    expect(screen.getByTestId("qr-image").querySelector("svg")?.getAttribute("height")).toBe("256");

    // another connection's update changes nothing
    io.push("company-3-whatsappSession", { action: "update", session: { ...connection, id: 12, qrcode: "other" } });
    expect(screen.getByTestId("qr-image").getAttribute("data-qr")).toBe("qr-first");
    io.push("company-3-whatsappSession", { action: "update", session: { ...connection, qrcode: "qr-second" } });
    await waitFor(() => expect(screen.getByTestId("qr-image").getAttribute("data-qr")).toBe("qr-second"));

    io.push("company-3-whatsappSession", { action: "update", session: { ...connection, status: "CONNECTED", qrcode: "" } });
    await waitFor(() => expect(screen.queryByTestId("qr-dialog")).toBeNull());
    // and the card follows the same event
    await waitFor(() => expect(screen.getByTestId("connection-status-11").getAttribute("data-status")).toBe("CONNECTED"));
  });

  it("shows a waiting text until a QR arrives", async () => {
    signInAs(admin, [makeConnection({ id: 12, status: "qrcode", qrcode: "" })]);
    const io = renderPage();
    fireEvent.click(await screen.findByTestId("connection-qr-button-12"));
    expect(await screen.findByText("Aguardando o QR Code...")).toBeTruthy();
    io.push("company-3-whatsappSession", { action: "update", session: { id: 12, status: "qrcode", qrcode: "qr-late" } });
    await waitFor(() => expect(screen.getByTestId("qr-image").getAttribute("data-qr")).toBe("qr-late"));
  });

  it("asks for a pairing code with the phone number where the provider can pair", async () => {
    const connection = makeConnection({
      id: 13,
      provider: "beta",
      status: "qrcode",
      qrcode: "qr",
      capabilities: { ...makeConnection().capabilities, pairingCode: true },
    });
    const api = signInAs(admin, [connection], { "POST /whatsappsession/13": { status: 200, data: {} } });
    const io = renderPage();
    fireEvent.click(await screen.findByTestId("connection-qr-button-13"));
    fireEvent.click(await screen.findByTestId("qr-pairing-toggle"));
    fireEvent.change(inputOf("qr-pairing-number"), { target: { value: "+55 11 98888-7777" } });
    fireEvent.click(screen.getByTestId("qr-pairing-submit"));
    await waitFor(() => expect(api.requests).toContain("POST /whatsappsession/13"));
    expect(bodyOf(api, "POST /whatsappsession/13")).toEqual({ pairingNumber: "5511988887777" });
    // the pairing state has no QR: the dialog stays and shows the code
    io.push("company-3-whatsappSession", { action: "update", session: { ...connection, status: "PAIRING", qrcode: "", pairingCode: "ABCD1234" } });
    expect((await screen.findByTestId("qr-pairing-code")).textContent).toBe("ABCD-1234");
    io.push("company-3-whatsappSession", { action: "update", session: { ...connection, status: "CONNECTED", qrcode: "", pairingCode: "" } });
    await waitFor(() => expect(screen.queryByTestId("qr-dialog")).toBeNull());
  });

  it("follows connection updates and deletions live", async () => {
    signInAs(admin, [makeConnection({ id: 1 }), makeConnection({ id: 2, name: "Outra", isDefault: false })]);
    const io = renderPage();
    await screen.findByTestId("connection-card-2");
    io.push("company-3-whatsapp", { action: "update", whatsapp: makeConnection({ id: 2, name: "Renomeada", status: "TIMEOUT", isDefault: false }) });
    await waitFor(() => expect(screen.getByTestId("connection-name-2").textContent).toBe("Renomeada"));
    expect(screen.getByTestId("connection-status-2").getAttribute("data-status")).toBe("TIMEOUT");
    io.push("company-3-whatsapp", { action: "update", whatsapp: makeConnection({ id: 3, name: "Nova", isDefault: false }) });
    expect(await screen.findByTestId("connection-card-3")).toBeTruthy();
    io.push("company-3-whatsapp", { action: "delete", whatsappId: 1 });
    await waitFor(() => expect(screen.queryByTestId("connection-card-1")).toBeNull());
  });

  it("adds a connection with the dialog, offering the providers the server allows", async () => {
    const stored: Connection[] = [];
    const api = signInAs(admin, [], {
      "GET /whatsapp/": () => ({ status: 200, data: [...stored] }),
      "GET /whatsapp-providers": {
        status: 200,
        data: [{ name: "simulator", isDefault: true, capabilities: makeConnection().capabilities }],
      },
      "POST /whatsapp": () => {
        stored.push(makeConnection({ id: 20, name: "Nova" }));
        return { status: 200, data: stored[0] };
      },
    });
    renderPage();
    expect(await screen.findByTestId("empty-state")).toBeTruthy();
    fireEvent.click(screen.getByTestId("connections-add"));
    await screen.findByTestId("connection-dialog");
    fireEvent.change(inputOf("connection-name"), { target: { value: "Nova" } });
    fireEvent.mouseDown(within(screen.getByTestId("connection-provider")).getByRole("combobox"));
    expect(await screen.findByTestId("connection-provider-option-simulator")).toBeTruthy();
    expect(has("connection-provider-option-beta")).toBe(false);
    fireEvent.click(screen.getByTestId("connection-provider-option-simulator"));
    fireEvent.click(inputOf("connection-default"));
    // The outbox's pace, typed with a decimal comma as Brazilians do.
    fireEvent.change(inputOf("connection-sendRatePerSecond"), { target: { value: "2,5" } });
    fireEvent.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(api.requests).toContain("POST /whatsapp"));
    expect(bodyOf(api, "POST /whatsapp")).toEqual({
      name: "Nova",
      provider: "simulator",
      isDefault: true,
      queueIds: [],
      transferQueueId: null,
      greetingMessage: "",
      complationMessage: "",
      outOfHoursMessage: "",
      ratingMessage: "",
      expiresInactiveMessage: "",
      expiresTicket: 0,
      timeUseBotQueues: 0,
      maxUseBotQueues: 3,
      timeToTransfer: null,
      timeforagroup: 5,
      sendRatePerSecond: 2.5,
    });
    await waitFor(() => expect(screen.queryByTestId("connection-dialog")).toBeNull());
    expect(await screen.findByTestId("connection-card-20")).toBeTruthy();
  });

  it("validates the dialog in the user's language and toasts the plan limit", async () => {
    await i18n.changeLanguage("es");
    const api = signInAs(admin, [], { "POST /whatsapp": { status: 403, data: { error: "ERR_PLAN_LIMIT_REACHED" } } });
    renderPage();
    fireEvent.click(await screen.findByTestId("connections-add"));
    await screen.findByTestId("connection-dialog");
    fireEvent.change(inputOf("connection-name"), { target: { value: "A" } });
    fireEvent.change(inputOf("connection-maxUseBotQueues"), { target: { value: "x" } });
    fireEvent.click(screen.getByTestId("connection-save"));
    expect(await screen.findByText("¡Muy corto!")).toBeTruthy();
    expect(api.requests).not.toContain("POST /whatsapp");

    fireEvent.change(inputOf("connection-name"), { target: { value: "Ventas" } });
    fireEvent.change(inputOf("connection-maxUseBotQueues"), { target: { value: "3" } });
    fireEvent.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(api.requests).toContain("POST /whatsapp"));
    expect(await screen.findByText(/límite de su plan/)).toBeTruthy();
  });

  it("shows agents no admin actions", async () => {
    signInAs(agent, [makeConnection({ id: 1, status: "DISCONNECTED" })]);
    renderPage();
    await screen.findByTestId("connection-card-1");
    for (const id of ["connections-add", "connections-restart", "connection-edit-1", "connection-delete-1", "connection-card-save-1", "api-token-box-1", "connection-simulator-1"]) {
      expect(has(id)).toBe(false);
    }
    expect(inputOf("connection-timeforagroup-1").disabled).toBe(true);
  });

  it("links a simulator connection's card to the simulator page", async () => {
    signInAs(admin, [makeConnection({ id: 1 }), makeConnection({ id: 2, provider: "beta", isDefault: false })]);
    renderPage();
    expect((await screen.findByTestId("connection-simulator-1")).getAttribute("href")).toBe("/simulator?whatsappId=1");
    expect(has("connection-simulator-2")).toBe(false);
  });
});
