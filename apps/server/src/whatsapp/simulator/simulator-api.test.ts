import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent, type SimulatorContactView, type SimulatorMessageView, type WhatsAppView } from "@atendo/shared";
import type { Database } from "../../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../../test/helpers.js";
import { multipart, PAGES_AS_MP4, REAL_FILES, SAMPLE_FILES } from "../../test/multipart.js";
import { eventually } from "../../test/socket-client.js";
import { captureEvents, connectionsCompany, waitForStatus, type Emitted } from "../../connections/test-support.js";
import type { ProviderEvent } from "../provider.js";
import type { ConnectionRef } from "../sessions/session-manager.js";
import { rooms } from "../../realtime/rooms.js";

let database: Database;
let app: TestApp;
let emitted: Emitted[];
const inbound: { ref: ConnectionRef; event: ProviderEvent }[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  emitted = captureEvents(app);
  app.deps.sessions.setInboundHandler(async (ref, event) => void inbound.push({ ref, event }));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const CUSTOMER = "5511987650001";

/** A company with a simulator connection; connected unless told otherwise. */
async function setup(opts: { connect?: boolean } = {}) {
  const ctx = await connectionsCompany(app, database.db);
  const created = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Simulada", provider: "simulator" } })).json<WhatsAppView>();
  const base = `/simulator/${created.id}`;
  const api = (method: "GET" | "POST", path: string, payload?: object) =>
    app.inject({ method, url: `${base}${path}`, headers: ctx.asAdmin, ...(payload ? { payload } : {}) });
  if (opts.connect ?? true) {
    await api("POST", "/scan", { qrcode: created.qrcode });
    await waitForStatus(database.db, created.id, "CONNECTED");
  }
  await api("POST", "/contacts", { name: "Cliente Um", number: CUSTOMER });
  const say = async (payload: object) => (await api("POST", `/chats/${CUSTOMER}/messages`, payload)).json<SimulatorMessageView>();
  const messages = async (chat = CUSTOMER) => (await api("GET", `/chats/${chat}/messages`)).json<SimulatorMessageView[]>();
  const events = () => inbound.filter((i) => i.ref.whatsappId === created.id).map((i) => i.event);
  return { ...ctx, created, base, api, say, messages, events };
}

describe("simulator API: customers", () => {
  it("creates customers and groups of existing customers, lists them, and tells the admins", async () => {
    const { api, company, events } = await setup();
    const second = await api("POST", "/contacts", { name: "Cliente Dois", number: "+5521998760002" });
    expect(second.statusCode).toBe(201);
    expect(second.json<SimulatorContactView>().number).toBe("5521998760002");
    expect((await api("POST", "/contacts", { name: "De novo", number: CUSTOMER })).json().error).toBe("ERR_DUPLICATED_CONTACT");
    const badGroup = await api("POST", "/contacts", { name: "Grupo", isGroup: true, members: ["5599999999999"] });
    expect(badGroup.json().fields).toEqual([{ path: "body.members", message: "validation.invalid" }]);
    const group = (await api("POST", "/contacts", { name: "Família", isGroup: true, members: [CUSTOMER, "5521998760002"] })).json<SimulatorContactView>();
    expect(group.number).toMatch(/^5511987650001-\d+$/);

    const list = (await api("GET", "/contacts")).json<SimulatorContactView[]>();
    expect(list.map((c) => [c.name, c.isGroup])).toEqual([
      ["Cliente Dois", false],
      ["Cliente Um", false],
      ["Família", true],
    ]);
    const contactEvents = emitted.filter((e) => e.event === companyEvent.simulator(company.id) && (e.payload as { action: string }).action === "contact");
    expect(contactEvents.length).toBe(3);
    // Only to the admins watching the simulator page (joinSimulator), not to every admin socket.
    expect(contactEvents.every((e) => e.to === "rooms" && e.rooms?.join() === rooms.simulator(company.id))).toBe(true);
    // The running connection hears of new customers and groups.
    await eventually(async () => events().some((e) => e.type === "group" && e.group.id === group.number));
    expect(events()).toContainEqual({ type: "contact", contact: { number: "5521998760002", pushName: "Cliente Dois", name: "Cliente Dois" } });
  });
});

describe("simulator API: messages", () => {
  it("a customer's text reaches the connection once and shows delivered; a group member writes in the group", async () => {
    const { api, say, messages, events } = await setup();
    const sent = await say({ type: "text", body: "Oi, tudo bem?" });
    expect(sent).toMatchObject({ direction: "in", type: "text", body: "Oi, tudo bem?", ack: 3 });
    const received = events().filter((e) => e.type === "message");
    expect(received).toEqual([
      {
        type: "message",
        origin: "live",
        message: expect.objectContaining({ id: sent.messageId, fromMe: false, chat: { kind: "user", number: CUSTOMER }, from: { number: CUSTOMER, pushName: "Cliente Um" } }),
      },
    ]);
    expect((await messages()).map((m) => m.messageId)).toEqual([sent.messageId]);

    await api("POST", "/contacts", { name: "Membro", number: "5511987650002" });
    const group = (await api("POST", "/contacts", { name: "Turma", isGroup: true, members: [CUSTOMER, "5511987650002"] })).json<SimulatorContactView>();
    const inGroup = await api("POST", `/chats/${group.number}/messages`, { type: "text", body: "olá grupo", author: "5511987650002" });
    expect(inGroup.json<SimulatorMessageView>()).toMatchObject({ chat: group.number, author: "5511987650002" });
    const notMember = await api("POST", `/chats/${group.number}/messages`, { type: "text", body: "intruso", author: "5511000000000" });
    expect(notMember.json().fields).toEqual([{ path: "body.author", message: "validation.invalid" }]);
    expect((await api("POST", "/chats/5511999990099/messages", { type: "text", body: "quem?" })).json().error).toBe("ERR_NO_CONTACT_FOUND");
  });

  it("media go as multipart, are checked, and are served back for the page (unknown types as downloads)", async () => {
    const { base, asAdmin, events } = await setup();
    const upload = (file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) => {
      const body = multipart(file, fields);
      return app.inject({ method: "POST", url: `${base}/chats/${CUSTOMER}/messages`, headers: { ...asAdmin, ...body.headers }, payload: body.payload });
    };
    const image = await upload({ name: "foto.png", type: "image/png", data: SAMPLE_FILES.png }, { caption: "olha" });
    expect(image.statusCode).toBe(201);
    const view = image.json<SimulatorMessageView>();
    expect(view).toMatchObject({ type: "image", body: "olha", content: expect.objectContaining({ mimetype: "image/png", caption: "olha" }) });
    expect(view.content).not.toHaveProperty("path");
    const bytes = await app.inject({ method: "GET", url: view.mediaUrl!, headers: asAdmin });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers["content-type"]).toBe("image/png");
    expect(bytes.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);

    const voice = await upload({ name: "audio.mp3", type: "audio/mpeg", data: SAMPLE_FILES.mp3 }, { voice: "true" });
    expect(voice.json<SimulatorMessageView>()).toMatchObject({ type: "audio", content: expect.objectContaining({ voice: true }) });
    const page = await upload({ name: "page.html", type: "text/html", data: Buffer.from("<script>alert(1)</script>") });
    expect(page.json<SimulatorMessageView>().type).toBe("document");
    const served = await app.inject({ method: "GET", url: page.json<SimulatorMessageView>().mediaUrl!, headers: asAdmin });
    expect(served.headers["content-type"]).toBe("application/octet-stream");
    expect(served.headers["content-disposition"]).toMatch(/^attachment/);

    const fake = await upload({ name: "fake.png", type: "image/png", data: Buffer.from("MZ not an image") });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe("ERR_INVALID_FILE_TYPE");
    // Video is judged by its bytes too: a page named .mp4 is refused, a real MP4 is stored as what it is.
    for (const page of PAGES_AS_MP4) {
      const res = await upload(page);
      expect(res.statusCode, page.name).toBe(400);
      expect(res.json().error, page.name).toBe("ERR_INVALID_FILE_TYPE");
    }
    const video = await upload({ name: "clip.mp4", type: "video/mp4", data: REAL_FILES.mp4 });
    expect(video.statusCode).toBe(201);
    expect(video.json<SimulatorMessageView>()).toMatchObject({ type: "video", content: expect.objectContaining({ mimetype: "video/mp4" }) });
    const received = events().filter((e) => e.type === "message").map((e) => (e.type === "message" ? e.message.content.type : ""));
    expect(received).toEqual(["image", "audio", "document", "video"]);
  });

  it("the agents' messages reach the customer with acks: sent, delivered, read on opening the chat, played", async () => {
    const { created, api, messages, events } = await setup();
    const text = await app.deps.sessions.call(created.id, "send", { kind: "user", number: CUSTOMER }, { type: "text", body: "Olá! Como posso ajudar?" });
    expect(text.ack).toBe(1);
    const audio = await app.deps.sessions.call(created.id, "send", { kind: "user", number: CUSTOMER }, { type: "audio", data: SAMPLE_FILES.mp3, mimetype: "audio/mpeg", voice: true });
    await eventually(async () => (await messages()).every((m) => m.ack === 3));
    expect((await api("POST", `/chats/${CUSTOMER}/read`)).statusCode).toBe(204);
    expect((await messages()).map((m) => m.ack)).toEqual([4, 4]);
    expect((await api("POST", `/chats/${CUSTOMER}/play`, { messageId: text.messageId })).statusCode).toBe(400);
    expect((await api("POST", `/chats/${CUSTOMER}/play`, { messageId: audio.messageId })).statusCode).toBe(204);
    const acks = (id: string) => events().flatMap((e) => (e.type === "ack" && e.messageId === id ? [e.ack] : []));
    expect(acks(text.messageId)).toEqual([2, 3, 4]);
    expect(acks(audio.messageId)).toEqual([2, 3, 4, 5]);
  });

  it("reactions, edits, deletions and presence become the connection's events", async () => {
    const { created, say, events, api } = await setup();
    const ours = await app.deps.sessions.call(created.id, "send", { kind: "user", number: CUSTOMER }, { type: "text", body: "Pedido enviado" });
    const reacted = await say({ type: "reaction", messageId: ours.messageId, emoji: "❤️" });
    expect(reacted.reactions).toEqual([{ from: CUSTOMER, emoji: "❤️" }]);
    const theirs = await say({ type: "text", body: "erado" });
    expect((await say({ type: "edit", messageId: theirs.messageId, body: "errado" })).edited).toBe(true);
    expect((await say({ type: "revoke", messageId: theirs.messageId })).deleted).toBe(true);
    const presence = await api("POST", `/chats/${CUSTOMER}/messages`, { type: "presence", presence: "composing" });
    expect(presence.statusCode).toBe(204);
    const kinds = events().map((e) => (e.type === "message-update" ? `update:${e.change.kind}` : e.type));
    expect(kinds.filter((k) => k !== "ack" && k !== "contact")).toEqual(["reaction", "message", "update:edit", "update:revoke", "presence"]);
    // A customer cannot edit what the connection sent.
    expect((await api("POST", `/chats/${CUSTOMER}/messages`, { type: "edit", messageId: ours.messageId, body: "x" })).json().fields).toEqual([
      { path: "body.messageId", message: "validation.invalid" },
    ]);
    const reaction = events().find((e) => e.type === "reaction");
    expect(reaction).toMatchObject({ messageId: ours.messageId, emoji: "❤️", fromMe: false, from: { number: CUSTOMER } });
  });

  it("while the connection is down, messages wait and arrive as offline messages; other actions are refused", async () => {
    const { created, api, say, events, messages } = await setup({ connect: false });
    const waiting = await say({ type: "text", body: "alguém aí?" });
    expect(waiting.ack).toBe(1);
    const presence = await api("POST", `/chats/${CUSTOMER}/messages`, { type: "presence", presence: "composing" });
    expect(presence.statusCode).toBe(409);
    expect(presence.json().error).toBe("ERR_WAPP_NOT_INITIALIZED");
    expect(events().filter((e) => e.type === "message")).toEqual([]);

    await api("POST", "/scan", { qrcode: created.qrcode });
    await waitForStatus(database.db, created.id, "CONNECTED");
    await eventually(async () => events().some((e) => e.type === "message"));
    expect(events().filter((e) => e.type === "message")).toEqual([{ type: "message", origin: "offline", message: expect.objectContaining({ id: waiting.messageId }) }]);
    await eventually(async () => (await messages())[0]!.ack === 3);
    const typing = await api("POST", `/chats/${CUSTOMER}/messages`, { type: "presence", presence: "recording" });
    expect(typing.statusCode).toBe(204);
    expect(events()).toContainEqual({ type: "presence", chat: { kind: "user", number: CUSTOMER }, from: { number: CUSTOMER, pushName: "Cliente Um" }, presence: "recording" });
  });

  it("the connection reads customers' messages (blue ticks for them), checks numbers and describes groups", async () => {
    const { created, say, messages, api } = await setup();
    const theirs = await say({ type: "text", body: "viu?" });
    await app.deps.sessions.call(created.id, "markRead", { kind: "user", number: CUSTOMER }, [theirs.messageId]);
    expect((await messages())[0]!.ack).toBe(4);
    expect(await app.deps.sessions.call(created.id, "checkNumber", CUSTOMER)).toEqual({ exists: true, number: CUSTOMER });
    expect(await app.deps.sessions.call(created.id, "checkNumber", "5521912345678")).toEqual({ exists: true, number: "5521912345678" });
    expect(await app.deps.sessions.call(created.id, "checkNumber", "14155552671")).toEqual({ exists: false });
    await api("POST", "/contacts", { name: "Outro", number: "5511987650003" });
    const group = (await api("POST", "/contacts", { name: "Equipe", isGroup: true, members: [CUSTOMER, "5511987650003"] })).json<SimulatorContactView>();
    expect(await app.deps.sessions.call(created.id, "groupInfo", group.number)).toEqual({
      id: group.number,
      subject: "Equipe",
      participants: [
        { number: CUSTOMER, pushName: "Cliente Um" },
        { number: "5511987650003", pushName: "Outro" },
      ],
    });
    // Sending to a number nobody has is refused like WhatsApp would.
    await expect(app.deps.sessions.call(created.id, "send", { kind: "user", number: "14155552671" }, { type: "text", body: "?" })).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
  });
});

describe("simulator API: access", () => {
  it("is for admins, only for the company's simulator connections, and off with SIMULATOR_ENABLED=false", async () => {
    const { base, asAgent, asAdmin } = await setup({ connect: false });
    const agent = await app.inject({ method: "GET", url: `${base}/contacts`, headers: asAgent });
    expect(agent.statusCode).toBe(403);
    const beta = (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Baileys", provider: "beta" } })).json<WhatsAppView>();
    expect((await app.inject({ method: "GET", url: `/simulator/${beta.id}/contacts`, headers: asAdmin })).json().error).toBe("ERR_NO_WAPP_FOUND");

    const off = await createTestApp(database, { simulatorEnabled: false });
    try {
      const ctx = await connectionsCompany(off, database.db);
      const res = await off.inject({ method: "GET", url: `${base}/contacts`, headers: ctx.asAdmin });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_SIMULATOR_DISABLED");
    } finally {
      await off.close();
    }
  });
});
