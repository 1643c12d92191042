import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { SimulatorMessageView, WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, queues, tickets, userQueues } from "../db/schema.js";
import { bearer, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { multipart, SAMPLE_FILES } from "../test/multipart.js";
import { connectionsCompany, waitForStatus } from "../connections/test-support.js";

let database: Database;
let app: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const CUSTOMER = "5511990003333";

async function setup() {
  const ctx = await connectionsCompany(app, database.db);
  const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Envio", provider: "simulator" } })).json<WhatsAppView>();
  const simulator = (method: "GET" | "POST", path: string, payload?: object) =>
    app.inject({ method, url: `/simulator/${connection.id}${path}`, headers: ctx.asAdmin, ...(payload ? { payload } : {}) });
  await simulator("POST", "/scan", { qrcode: connection.qrcode });
  await waitForStatus(database.db, connection.id, "CONNECTED");
  await simulator("POST", "/contacts", { name: "Cliente", number: CUSTOMER });
  const [queue] = await database.db.insert(queues).values({ companyId: ctx.company.id, name: "Fila", color: "#202020" }).returning();
  await database.db.insert(userQueues).values({ companyId: ctx.company.id, userId: ctx.agent.id, queueId: queue!.id });
  const [contact] = await database.db.insert(contacts).values({ companyId: ctx.company.id, name: "Cliente", number: CUSTOMER, canonicalNumber: CUSTOMER }).returning();
  const [ticket] = await database.db
    .insert(tickets)
    .values({ companyId: ctx.company.id, contactId: contact!.id, whatsappId: connection.id, queueId: queue!.id, userId: ctx.agent.id, status: "open" })
    .returning();
  const send = (payload: object, headers = ctx.asAgent, id = ticket!.id) => app.inject({ method: "POST", url: `/messages/${id}`, headers, payload });
  const received = async () => (await simulator("GET", `/chats/${CUSTOMER}/messages`)).json<SimulatorMessageView[]>().filter((m) => m.direction === "out");
  const rows = () => database.db.select().from(messages).where(eq(messages.ticketId, ticket!.id)).orderBy(messages.id);
  return { ...ctx, connection, ticket: ticket!, contact: contact!, queue: queue!, send, received, rows };
}

describe("POST /messages/{ticketId}", () => {
  it("stores the agent's text with its author and sends it; a quoted message of the ticket goes along", async () => {
    const { send, received, rows, agent } = await setup();
    const first = await send({ body: "Bom dia!", read: true, fromMe: true, mediaUrl: null });
    expect(first.statusCode, first.body).toBe(201);
    await eventually(async () => (await rows()).every((r) => r.sendStatus === "sent"), 10_000);
    const [stored] = await rows();
    expect(stored).toMatchObject({ body: "Bom dia!", fromMe: true, userId: agent.id });

    const reply = await send({ body: "Continuando", quotedMsg: { id: stored!.id } });
    expect(reply.statusCode).toBe(201);
    await eventually(async () => (await received()).length === 2, 10_000);
    const out = await received();
    expect(out.map((m) => m.body)).toEqual(["Bom dia!", "Continuando"]);
    expect((out[1]!.content as { quotedId?: string }).quotedId).toBe(stored!.providerId);
  });

  it("refuses empty text, a quote from another ticket, a closed ticket, and tickets the user may not see", async () => {
    const { send, ticket, company, contact, connection, asAdmin } = await setup();
    expect((await send({ body: "   " })).json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.body", message: "validation.required" }] });
    const [otherTicket] = await database.db.insert(tickets).values({ companyId: company.id, contactId: contact.id, whatsappId: connection.id, status: "closed" }).returning();
    const [foreignMessage] = await database.db.insert(messages).values({ companyId: company.id, ticketId: otherTicket!.id, chatContactId: contact.id, body: "x" }).returning();
    expect((await send({ body: "oi", quotedMsg: foreignMessage!.id })).json().fields).toEqual([{ path: "body.quotedMsg", message: "validation.invalid" }]);
    expect((await send({ body: "oi" }, asAdmin, otherTicket!.id)).json()).toEqual({ error: "ERR_TICKET_CLOSED" });

    const outsider = await createUser(database.db, company.id);
    const asOutsider = bearer((await login(app, outsider.email, outsider.password)).token);
    expect((await send({ body: "oi" }, asOutsider)).statusCode).toBe(403);
    const other = await connectionsCompany(app, database.db);
    expect((await send({ body: "oi" }, other.asAdmin)).statusCode).toBe(404);
    expect(await database.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toHaveLength(0);
  });

  it("sends an image with its caption, and refuses a page disguised as an attachment", async () => {
    const { ticket, asAgent, received, rows } = await setup();
    const image = multipart({ field: "medias", name: "foto.png", type: "image/png", data: SAMPLE_FILES.png }, { body: "Segue a foto" });
    const res = await app.inject({ method: "POST", url: `/messages/${ticket.id}`, headers: { ...asAgent, ...image.headers }, payload: image.payload });
    expect(res.statusCode, res.body).toBe(201);
    await eventually(async () => (await received()).length === 1, 10_000);
    expect((await rows())[0]).toMatchObject({ mediaType: "image", mediaName: "foto.png", body: "Segue a foto", mediaStatus: "ready" });
    expect((await received())[0]).toMatchObject({ type: "image" });

    const page = multipart({ field: "medias", name: "promo.png", type: "image/png", data: Buffer.from("<html><script>alert(1)</script>") });
    const refused = await app.inject({ method: "POST", url: `/messages/${ticket.id}`, headers: { ...asAgent, ...page.headers }, payload: page.payload });
    expect(refused.json().error).toBe("ERR_INVALID_FILE_TYPE");
    expect(await rows()).toHaveLength(1);
  });

  it("sends a browser recording as a voice note (Ogg/Opus through ffmpeg when the machine has it)", async () => {
    const { ticket, asAgent, received, rows } = await setup();
    const recording = readFileSync(new URL("../test/fixtures/voice-recording.webm", import.meta.url));
    const form = multipart({ field: "medias", name: "gravacao.webm", type: "audio/webm", data: recording }, { voice: "true" });
    const res = await app.inject({ method: "POST", url: `/messages/${ticket.id}`, headers: { ...asAgent, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    await eventually(async () => (await received()).length === 1, 10_000);
    const [stored] = await rows();
    const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0;
    expect(stored).toMatchObject(hasFfmpeg ? { mediaType: "audio", mimetype: "audio/ogg; codecs=opus", data: { voice: true } } : { mediaType: "audio", mimetype: "audio/webm", data: {} });
    expect((await received())[0]).toMatchObject({ type: "audio" });
  });
});
