import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { messages } from "../../db/schema.js";
import { inboundText, type FakeGraphApi, type FakeGraphSent } from "../../test/fakes/graph-api.js";
import { multipart, REAL_FILES, SAMPLE_FILES } from "../../test/multipart.js";
import type { TestApp } from "../../test/helpers.js";
import { eventually } from "../../test/socket-client.js";
import { closeCloudTestApp, startCloudTestApp } from "./cloud-test-app.js";
import { cloudCustomerWrites, connectCloudApi, type CloudConnectionSetup } from "./test-support.js";

/**
 * What a Cloud API connection sends, as the fake Graph API receives it in the shapes of Meta's reference: files
 * uploaded to /{phone-number-id}/media and sent by id, replies with context.message_id, reactions, locations,
 * contact cards, read receipts when the agent opens the ticket, and the refusal of edits and deletions for everyone.
 */
let database: Database;
let app: TestApp;
let graph: FakeGraphApi;
beforeAll(async () => {
  ({ database, graph, app } = await startCloudTestApp());
});
afterAll(() => closeCloudTestApp({ database, graph, app }));

const customer = () => ({ name: "Cliente Nuvem", waId: `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}` });

/** A connection and a customer who wrote (so the 24-hour window is open): the ticket and the customer's message. */
async function conversation() {
  const s = await connectCloudApi(app, database.db, graph);
  const who = customer();
  const inbound = await cloudCustomerWrites(app, database.db, s, inboundText(s.phone, who, "Oi, preciso de ajuda"));
  return { s, who, ticketId: inbound.ticketId, inbound };
}

/** The next message the fake received for `to` that `match` accepts. */
async function sentTo(s: CloudConnectionSetup, to: string, match: (body: any) => boolean): Promise<FakeGraphSent> {
  let sent: FakeGraphSent | undefined;
  await eventually(async () => Boolean((sent = graph.sent.find((x) => x.phoneNumberId === s.phone.id && x.body.to === to && match(x.body)))), 10_000);
  return sent!;
}

async function upload(s: CloudConnectionSetup, ticketId: number, file: { name: string; type: string; data: Buffer }, body: string) {
  const form = multipart({ field: "medias", ...file }, { body });
  const res = await app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: { ...s.asAdmin, ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
}

const mediaUploads = (s: CloudConnectionSetup) => graph.requests.filter((r) => r.method === "POST" && r.path === `/${graph.version}/${s.phone.id}/media`);

describe("Cloud API: what we send", () => {
  it("an image is uploaded to /{phone-number-id}/media and sent by its id, with its caption", async () => {
    const { s, who, ticketId } = await conversation();
    await upload(s, ticketId, { name: "foto.png", type: "image/png", data: REAL_FILES.png }, "Segue a foto");
    const sent = await sentTo(s, who.waId, (b) => b.type === "image");
    expect(mediaUploads(s)).toHaveLength(1);
    expect(sent.body).toEqual({ messaging_product: "whatsapp", recipient_type: "individual", to: who.waId, type: "image", image: { id: expect.any(String), caption: "Segue a foto" } });
    // The id names the uploaded bytes: never a link, never the file inline.
    const stored = graph.media.get(sent.body.image.id);
    expect(stored?.mimeType).toBe("image/png");
    expect(stored?.data.equals(REAL_FILES.png)).toBe(true);
    await eventually(async () => (await database.db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.providerId, sent.messageId)))).length === 1);
  });

  it("a document goes the same way, with its file name", async () => {
    const { s, who, ticketId } = await conversation();
    await upload(s, ticketId, { name: "contrato.pdf", type: "application/pdf", data: SAMPLE_FILES.pdf }, "O contrato");
    const sent = await sentTo(s, who.waId, (b) => b.type === "document");
    expect(mediaUploads(s)).toHaveLength(1);
    expect(sent.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: who.waId,
      type: "document",
      document: { id: expect.any(String), caption: "O contrato", filename: "contrato.pdf" },
    });
    const stored = graph.media.get(sent.body.document.id);
    expect(stored).toMatchObject({ mimeType: "application/pdf", fileName: "contrato.pdf" });
    expect(stored?.data.equals(SAMPLE_FILES.pdf)).toBe(true);
  });

  it("a reply carries the quoted message's id as context.message_id", async () => {
    const { s, who, ticketId, inbound } = await conversation();
    const res = await app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: s.asAdmin, payload: { body: "Claro, em que posso ajudar?", quotedMsg: inbound.id } });
    expect(res.statusCode, res.body).toBe(201);
    const sent = await sentTo(s, who.waId, (b) => b.type === "text");
    expect(sent.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: who.waId,
      type: "text",
      text: { preview_url: false, body: "Claro, em que posso ajudar?" },
      context: { message_id: inbound.providerId },
    });
  });

  it("a reaction names the customer's message; an empty emoji takes it away", async () => {
    const { s, who, inbound } = await conversation();
    const react = (type: string) => app.inject({ method: "POST", url: `/messages/${inbound.id}/reactions`, headers: s.asAdmin, payload: { type } });
    expect((await react("👍")).statusCode).toBe(200);
    expect((await sentTo(s, who.waId, (b) => b.type === "reaction" && b.reaction.emoji === "👍")).body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: who.waId,
      type: "reaction",
      reaction: { message_id: inbound.providerId, emoji: "👍" },
    });
    expect((await react("")).statusCode).toBe(200);
    expect((await sentTo(s, who.waId, (b) => b.type === "reaction" && b.reaction.emoji === "")).body.reaction).toEqual({ message_id: inbound.providerId, emoji: "" });
  });

  // No screen sends these yet (the outbox sends text, files and templates): the session is asked directly.
  it("a location and a contact card", async () => {
    const { s, who } = await conversation();
    const chat = { kind: "user" as const, number: who.waId };
    await app.deps.sessions.call(s.view.id, "send", chat, { type: "location", latitude: -23.561684, longitude: -46.655981, name: "Loja Paulista", address: "Av. Paulista, 1000" });
    expect((await sentTo(s, who.waId, (b) => b.type === "location")).body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: who.waId,
      type: "location",
      location: { latitude: -23.561684, longitude: -46.655981, name: "Loja Paulista", address: "Av. Paulista, 1000" },
    });

    const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:João Lima\nTEL;type=CELL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD";
    await app.deps.sessions.call(s.view.id, "send", chat, { type: "contact", displayName: "João Lima", vcard });
    expect((await sentTo(s, who.waId, (b) => b.type === "contacts")).body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: who.waId,
      type: "contacts",
      contacts: [{ name: { formatted_name: "João Lima", first_name: "João Lima" }, phones: [{ phone: "+55 11 97777-6666", wa_id: "5511977776666", type: "CELL" }] }],
    });
  });

  it("the agent opening the ticket sends Meta a read receipt for the customer's latest message", async () => {
    const { s, who, ticketId } = await conversation();
    const later = await cloudCustomerWrites(app, database.db, s, inboundText(s.phone, who, "Alguém aí?"));
    const accepted = await app.inject({ method: "PUT", url: `/tickets/${ticketId}`, headers: s.asAdmin, payload: { status: "open", userId: s.adminId } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(graph.reads.filter((r) => r.phoneNumberId === s.phone.id)).toEqual([]);

    const opened = await app.inject({ method: "GET", url: `/messages/${ticketId}?pageNumber=1`, headers: s.asAdmin });
    expect(opened.statusCode).toBe(200);
    await eventually(async () => graph.reads.some((r) => r.phoneNumberId === s.phone.id), 10_000);
    // One receipt for the newest message marks the earlier ones read too.
    expect(graph.reads.filter((r) => r.phoneNumberId === s.phone.id).map((r) => r.body)).toEqual([{ messaging_product: "whatsapp", status: "read", message_id: later.providerId }]);
  });

  it("refuses to edit or delete a sent message for everyone (ERR_EDITING_WAPP_MSG, ERR_DELETE_WAPP_MSG) and asks Meta nothing", async () => {
    const { s, who, ticketId } = await conversation();
    expect((await app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: s.asAdmin, payload: { body: "Texto com erro" } })).statusCode).toBe(201);
    const sent = await sentTo(s, who.waId, (b) => b.text?.body === "Texto com erro");
    let mine: typeof messages.$inferSelect | undefined;
    await eventually(async () => {
      [mine] = await database.db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.providerId, sent.messageId)));
      return mine?.sendStatus === "sent";
    }, 10_000);
    const requestsBefore = graph.requests.length;

    const edit = await app.inject({ method: "POST", url: `/messages/edit/${mine!.id}`, headers: s.asAdmin, payload: { body: "Texto corrigido" } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({ error: "ERR_EDITING_WAPP_MSG" });
    const remove = await app.inject({ method: "DELETE", url: `/messages/${mine!.id}`, headers: s.asAdmin });
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toEqual({ error: "ERR_DELETE_WAPP_MSG" });

    const [after] = await database.db.select().from(messages).where(eq(messages.id, mine!.id));
    expect(after).toMatchObject({ body: "Texto com erro", isEdited: false, isDeleted: false, sendStatus: "sent" });
    expect(graph.requests.slice(requestsBefore)).toEqual([]);
  });
});
