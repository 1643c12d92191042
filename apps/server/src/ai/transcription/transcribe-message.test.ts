import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { MessageView, WhatsAppView } from "@atendo/shared";
import type { Database } from "../../db/client.js";
import { messages, tickets } from "../../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../../test/helpers.js";
import { readFileSync } from "node:fs";
import { multipart } from "../../test/multipart.js";
import { eventually } from "../../test/socket-client.js";
import { captureEvents, connectionsCompany, waitForStatus, type Emitted } from "../../connections/test-support.js";
import { startFakeOpenAi } from "../../test/fakes/openai.js";
import { startFakeDeepgram } from "../../test/fakes/deepgram.js";
import { startFakeAssemblyAi } from "../../test/fakes/assemblyai.js";
import { transcriptionTuning } from "./transcribe-audio.js";

// A real voice note (0.3 s of Ogg/Opus silence, made with ffmpeg): uploads are checked by their bytes.
const AUDIO = readFileSync(new URL("./fixtures/voice.ogg", import.meta.url));
const KEY = "sk-transcribe-secret-key-1234";

let database: Database;
const fakes: { close(): Promise<void> }[] = [];
const apps: TestApp[] = [];
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let deepgram: Awaited<ReturnType<typeof startFakeDeepgram>>;
let assemblyai: Awaited<ReturnType<typeof startFakeAssemblyAi>>;

beforeAll(async () => {
  transcriptionTuning.assemblyAiPollMs = 50;
  database = await createTestDatabase();
  openai = await startFakeOpenAi({ apiKey: KEY, reply: (req) => (req.path === "/v1/audio/transcriptions" ? "Quero saber o horário de atendimento." : undefined) });
  deepgram = await startFakeDeepgram({ apiKey: KEY, transcript: "Bom dia, meu pedido chegou?" });
  assemblyai = await startFakeAssemblyAi({ apiKey: KEY, text: "Preciso trocar o endereço de entrega.", pollsBeforeDone: 2 });
  fakes.push(openai, deepgram, assemblyai);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const fake of fakes) await fake.close();
  await database.close();
});

/** One app for the file (each app runs its own jobs and sessions). */
async function appWith() {
  if (apps[0]) return apps[0];
  const app = await createTestApp(database, {
    openaiApiUrl: openai.url,
    deepgramApiUrl: deepgram.url,
    assemblyaiApiUrl: assemblyai.url,
  });
  apps.push(app);
  return app;
}

/** A connected simulator connection with transcription on, a customer who sends a voice note, the stored message. */
async function voiceNote(app: TestApp, provider: "openai" | "deepgram" | "assemblyai", key = KEY) {
  const ctx = await connectionsCompany(app, database.db);
  const events = captureEvents(app);
  const create = await app.inject({
    method: "POST",
    url: "/whatsapp",
    headers: ctx.asAdmin,
    payload: { name: `Transcreve ${provider}`, provider: "simulator", transcribe: true, transcribeprovider: provider, transcribekey: key },
  });
  expect(create.statusCode, create.body).toBe(201);
  const connection = create.json<WhatsAppView>();
  expect(JSON.stringify(connection)).not.toContain(key);
  await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers: ctx.asAdmin, payload: { qrcode: connection.qrcode } });
  await waitForStatus(database.db, connection.id, "CONNECTED");
  const number = `5511${(900000000 + Math.floor(Math.random() * 99999999)).toString()}`;
  await app.inject({ method: "POST", url: `/simulator/${connection.id}/contacts`, headers: ctx.asAdmin, payload: { name: "Cliente", number } });
  const form = multipart({ name: "voz.ogg", type: "audio/ogg", data: AUDIO }, { voice: "true", type: "audio" });
  const sent = await app.inject({ method: "POST", url: `/simulator/${connection.id}/chats/${number}/messages`, headers: { ...ctx.asAdmin, ...form.headers }, payload: form.payload });
  expect(sent.statusCode, sent.body).toBe(201);
  let row: typeof messages.$inferSelect | undefined;
  await eventually(async () => {
    [row] = await database.db.select().from(messages).where(eq(messages.whatsappId, connection.id));
    return Boolean(row);
  }, 10_000);
  const [ticket] = await database.db.select().from(tickets).where(eq(tickets.id, row!.ticketId));
  const read = async () => (await database.db.select().from(messages).where(eq(messages.id, row!.id)))[0]!;
  return { ...ctx, connection, events, message: row!, ticket: ticket!, read };
}

const messageUpdates = (events: Emitted[], id: number) =>
  events.filter((e) => e.event.endsWith("-appMessage") && (e.payload as { action: string; message: MessageView }).message?.id === id).map((e) => (e.payload as { message: MessageView }).message);

describe("audio transcription", { timeout: 90_000 }, () => {
  it.each([
    ["openai", "Quero saber o horário de atendimento."],
    ["deepgram", "Bom dia, meu pedido chegou?"],
    ["assemblyai", "Preciso trocar o endereço de entrega."],
  ] as const)("stores a customer's voice note transcript from %s and shows it live", async (provider, text) => {
    const app = await appWith();
    const { message, read, events, asAdmin, ticket } = await voiceNote(app, provider);
    expect(message.transcriptStatus).toBe("pending");
    await eventually(async () => (await read()).transcriptStatus === "done", 20_000);
    expect(await read()).toMatchObject({ transcript: text, transcriptError: null, transcriptStatus: "done" });
    // The conversation got the transcript through the message update event; no key in any event.
    await eventually(async () => messageUpdates(events, message.id).some((m) => m.transcript === text));
    expect(JSON.stringify(events)).not.toContain(KEY);
    // The message list shows it, and the ticket search finds the conversation by what was said.
    const list = await app.inject({ method: "GET", url: `/messages/${ticket.id}`, headers: asAdmin });
    expect(list.json<{ messages: MessageView[] }>().messages.find((m) => m.id === message.id)).toMatchObject({ transcript: text, transcriptStatus: "done" });
    const word = text.split(" ").at(-1)!.replace(/[.?]/g, "");
    const search = await app.inject({ method: "GET", url: `/tickets?searchParam=${encodeURIComponent(word)}&showAll=true&status=pending`, headers: asAdmin });
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json())).toContain(`"id":${ticket.id}`);
  });

  it("sends the provider's own request shapes", async () => {
    const dg = deepgram.requests.find((r) => r.path === "/v1/listen")!;
    expect(dg.headers.authorization).toBe(`Token ${KEY}`);
    expect(dg.headers["content-type"]).toMatch(/^audio\/ogg/);
    expect(dg.body.equals(AUDIO)).toBe(true);
    expect(assemblyai.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}$/, "{id}")}`)).toEqual(
      expect.arrayContaining(["POST /v2/upload", "POST /v2/transcript", "GET /v2/transcript/{id}"]),
    );
    const oa = openai.requests.find((r) => r.path === "/v1/audio/transcriptions")!;
    expect(oa.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(oa.body).toMatchObject({ model: "whisper-1", file: { type: "audio/ogg", size: AUDIO.length } });
  });

  it("shows a refused transcription as failed, and the retry action transcribes it", async () => {
    const app = await appWith();
    const { message, read, asAdmin, connection, events } = await voiceNote(app, "deepgram", "wrong-key-0000");
    await eventually(async () => (await read()).transcriptStatus === "failed", 20_000);
    const failed = await read();
    expect(failed.transcript).toBeNull();
    expect(failed.transcriptError).toContain("401");
    expect(failed.transcriptError).not.toContain("wrong-key");

    // Fix the key, then retry: pending at once, then done.
    expect((await app.inject({ method: "PUT", url: `/whatsapp/${connection.id}`, headers: asAdmin, payload: { transcribekey: KEY } })).statusCode).toBe(200);
    const retried = await app.inject({ method: "POST", url: `/messages/${message.id}/transcribe`, headers: asAdmin });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<MessageView>()).toMatchObject({ id: message.id, transcriptStatus: "pending" });
    // Twice while it runs: refused.
    const again = await app.inject({ method: "POST", url: `/messages/${message.id}/transcribe`, headers: asAdmin });
    expect([200, 409]).toContain(again.statusCode);
    await eventually(async () => (await read()).transcriptStatus === "done", 20_000);
    expect((await read()).transcript).toBe("Bom dia, meu pedido chegou?");
    expect(JSON.stringify(events)).not.toContain(KEY);
  });

  it("refuses the retry for a message that is not audio, and for another company's message", async () => {
    const app = await appWith();
    const { message, asAdmin } = await voiceNote(app, "openai");
    const other = await connectionsCompany(app, database.db);
    expect((await app.inject({ method: "POST", url: `/messages/${message.id}/transcribe`, headers: other.asAdmin })).statusCode).toBe(404);
    const [text] = await database.db
      .insert(messages)
      .values({ companyId: message.companyId, ticketId: message.ticketId, whatsappId: message.whatsappId, chatContactId: message.chatContactId, body: "oi" })
      .returning();
    const res = await app.inject({ method: "POST", url: `/messages/${text!.id}/transcribe`, headers: asAdmin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_NOT_TRANSCRIBABLE" });
  });

  it("transcribes the agents' own voice notes only with transcribeme", async () => {
    const app = await appWith();
    const { ticket, asAdmin, connection } = await voiceNote(app, "deepgram");
    const send = async () => {
      const form = multipart({ field: "medias", name: "gravacao.ogg", type: "audio/ogg", data: AUDIO }, { voice: "true" });
      const res = await app.inject({ method: "POST", url: `/messages/${ticket.id}`, headers: { ...asAdmin, ...form.headers }, payload: form.payload });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<{ ids: number[] }>().ids[0]!;
      return async () => (await database.db.select().from(messages).where(eq(messages.id, id)))[0]!;
    };
    const without = await send();
    expect((await without()).transcriptStatus).toBeNull();
    expect((await app.inject({ method: "PUT", url: `/whatsapp/${connection.id}`, headers: asAdmin, payload: { transcribeme: true } })).statusCode).toBe(200);
    const withMe = await send();
    await eventually(async () => (await withMe()).transcriptStatus === "done", 20_000);
    expect((await withMe()).transcript).toBe("Bom dia, meu pedido chegou?");
  });

  it("leaves voice notes alone on a connection that does not transcribe", async () => {
    const app = await appWith();
    const ctx = await connectionsCompany(app, database.db);
    const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Sem transcrição", provider: "simulator" } })).json<WhatsAppView>();
    await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers: ctx.asAdmin, payload: { qrcode: connection.qrcode } });
    await waitForStatus(database.db, connection.id, "CONNECTED");
    await app.inject({ method: "POST", url: `/simulator/${connection.id}/contacts`, headers: ctx.asAdmin, payload: { name: "Cliente", number: "5511977776666" } });
    const form = multipart({ name: "voz.ogg", type: "audio/ogg", data: AUDIO }, { voice: "true", type: "audio" });
    await app.inject({ method: "POST", url: `/simulator/${connection.id}/chats/5511977776666/messages`, headers: { ...ctx.asAdmin, ...form.headers }, payload: form.payload });
    let row: typeof messages.$inferSelect | undefined;
    await eventually(async () => {
      [row] = await database.db.select().from(messages).where(eq(messages.whatsappId, connection.id));
      return Boolean(row);
    }, 10_000);
    expect(row!.transcriptStatus).toBeNull();
  });
});
