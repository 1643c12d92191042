import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companyEvent, type ScheduleView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { schedules, whatsapps } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { multipart, SAMPLE_FILES } from "../test/multipart.js";
import { captureEvents } from "../connections/test-support.js";
import { sendScheduledMessage } from "./send-scheduled-message.js";
import { scheduleFixture, secondsFromNow } from "./test-support.js";

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

const context = { jobId: "test", retryCount: 0, lastAttempt: false, signal: new AbortController().signal };

describe("sending a schedule", () => {
  it("sends at its time through the chosen connection, as its author, with variables filled, and becomes read-only", async () => {
    const ctx = await scheduleFixture(app, database, "5511990008001");
    const emitted = captureEvents(app);
    const created = (await ctx.schedule({ body: "Olá {nome}, {{greeting}}! Seu número: {numero}", sendAt: secondsFromNow(1.5), whatsappId: ctx.connection.id })).json<ScheduleView>();
    expect(created.status).toBe("PENDENTE");

    await eventually(async () => (await ctx.row(created.id)).status === "ENVIADA", 15_000);
    const row = await ctx.row(created.id);
    expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(Date.parse(created.sendAt));
    expect(row.ticketId).toBe(ctx.ticket.id);
    const [message] = (await ctx.ticketMessages(ctx.ticket.id)).filter((m) => m.id === row.messageId);
    expect(message).toMatchObject({ userId: ctx.agent.id, fromMe: true, automatic: false });
    expect(message!.body).toMatch(/^Olá Cliente, (Bom dia|Boa tarde|Boa noite)! Seu número: 5511990008001$/);
    await eventually(async () => (await ctx.received()).length === 1, 10_000);
    expect((await ctx.received())[0]!.body).toBe(message!.body);

    const update = emitted.find((e) => e.event === companyEvent.schedule(ctx.company.id) && (e.payload as { schedule?: ScheduleView }).schedule?.status === "ENVIADA");
    expect(update?.payload).toMatchObject({ action: "update", schedule: { id: created.id, editable: false, ticketId: ctx.ticket.id } });

    const edit = await app.inject({ method: "PUT", url: `/schedules/${created.id}`, headers: ctx.asAgent, payload: { body: "Outro texto", contactId: ctx.contact.id, sendAt: secondsFromNow(60) } });
    expect([edit.statusCode, edit.json()]).toEqual([409, { error: "ERR_SCHEDULE_ALREADY_SENT" }]);
    const body = multipart({ name: "a.png", type: "image/png", data: SAMPLE_FILES.png });
    const upload = await app.inject({ method: "POST", url: `/schedules/${created.id}/media-upload`, headers: { ...ctx.asAgent, ...body.headers }, payload: body.payload });
    expect([upload.statusCode, upload.json()]).toEqual([409, { error: "ERR_SCHEDULE_ALREADY_SENT" }]);
    // Deleting stays possible; the message stays in the conversation.
    expect((await app.inject({ method: "DELETE", url: `/schedules/${created.id}`, headers: ctx.asAgent })).statusCode).toBe(204);
    expect((await ctx.ticketMessages(ctx.ticket.id)).some((m) => m.id === row.messageId)).toBe(true);
  });

  it("sends its image with the text as caption, through the company's default connection when none was chosen", async () => {
    const ctx = await scheduleFixture(app, database, "5511990008002");
    const created = (await ctx.schedule({ body: "Veja a imagem", sendAt: secondsFromNow(3600) })).json<ScheduleView>();
    const body = multipart({ name: "foto promo.png", type: "image/png", data: SAMPLE_FILES.png });
    const upload = await app.inject({ method: "POST", url: `/schedules/${created.id}/media-upload`, headers: { ...ctx.asAgent, ...body.headers }, payload: body.payload });
    expect(upload.json()).toMatchObject({ mediaName: "foto_promo.png", mediaUrl: `/schedules/${created.id}/media` });
    const media = await app.inject({ method: "GET", url: `/schedules/${created.id}/media`, headers: ctx.asAgent });
    expect([media.statusCode, media.headers["content-type"]]).toEqual([200, "image/png"]);

    // Due now.
    await app.inject({ method: "PUT", url: `/schedules/${created.id}`, headers: ctx.asAgent, payload: { body: "Veja a imagem", contactId: ctx.contact.id, sendAt: secondsFromNow(0.5) } });
    await eventually(async () => (await ctx.row(created.id)).status === "ENVIADA", 15_000);
    const row = await ctx.row(created.id);
    const [message] = (await ctx.ticketMessages(ctx.ticket.id)).filter((m) => m.id === row.messageId);
    expect(message).toMatchObject({ mediaType: "image", mimetype: "image/png", body: "Veja a imagem", whatsappId: ctx.connection.id });
    await eventually(async () => (await ctx.received()).some((m) => m.type === "image"), 10_000);
  });

  it("refuses files that are not png or jpeg by their bytes", async () => {
    const ctx = await scheduleFixture(app, database, "5511990008003");
    const created = (await ctx.schedule({ body: "Com anexo", sendAt: secondsFromNow(3600) })).json<ScheduleView>();
    for (const file of [
      { name: "doc.pdf", type: "application/pdf", data: SAMPLE_FILES.pdf },
      { name: "programa.png", type: "image/png", data: Buffer.from("MZ\x90\x00not an image") },
    ]) {
      const body = multipart(file);
      const res = await app.inject({ method: "POST", url: `/schedules/${created.id}/media-upload`, headers: { ...ctx.asAgent, ...body.headers }, payload: body.payload });
      expect([res.statusCode, res.json()], file.name).toEqual([400, { error: "ERR_INVALID_FILE_TYPE" }]);
    }
  });

  it("is never sent twice, even when its job runs twice at once", async () => {
    const ctx = await scheduleFixture(app, database, "5511990008004");
    // Stored without a job: this test runs the job by hand.
    const [row] = await database.db.insert(schedules).values({ companyId: ctx.company.id, contactId: ctx.contact.id, userId: ctx.agent.id, body: "Só uma vez", sendAt: new Date(Date.now() - 1000) }).returning();
    const job = { companyId: ctx.company.id, scheduleId: row!.id, sendAt: row!.sendAt.toISOString() };
    await Promise.all([sendScheduledMessage(app.deps, app.log, job, context), sendScheduledMessage(app.deps, app.log, job, context)]);
    await sendScheduledMessage(app.deps, app.log, job, { ...context, retryCount: 1 });
    expect((await ctx.row(row!.id)).status).toBe("ENVIADA");
    expect((await ctx.ticketMessages(ctx.ticket.id)).filter((m) => m.body === "Só uma vez")).toHaveLength(1);
  });

  it("does nothing for a job whose schedule was moved to another time", async () => {
    const ctx = await scheduleFixture(app, database, "5511990008005");
    const [row] = await database.db.insert(schedules).values({ companyId: ctx.company.id, contactId: ctx.contact.id, body: "Movido", sendAt: new Date(Date.now() + 3_600_000) }).returning();
    await sendScheduledMessage(app.deps, app.log, { companyId: ctx.company.id, scheduleId: row!.id, sendAt: new Date(Date.now() - 1000).toISOString() }, context);
    expect((await ctx.row(row!.id)).status).toBe("PENDENTE");
  });

  it("ends EXPIRADO, unsent, when found later than the allowed delay", async () => {
    const ctx = await scheduleFixture(app, database, "5511990008006");
    const sendAt = new Date(Date.now() - 25 * 3_600_000);
    const [row] = await database.db.insert(schedules).values({ companyId: ctx.company.id, contactId: ctx.contact.id, body: "Tarde demais", sendAt }).returning();
    await sendScheduledMessage(app.deps, app.log, { companyId: ctx.company.id, scheduleId: row!.id, sendAt: sendAt.toISOString() }, context);
    expect(await ctx.row(row!.id)).toMatchObject({ status: "EXPIRADO", sentAt: null });
    expect((await ctx.ticketMessages(ctx.ticket.id)).some((m) => m.body === "Tarde demais")).toBe(false);
    // Not sent, so still editable: saving it schedules it again.
    const res = await app.inject({ method: "PUT", url: `/schedules/${row!.id}`, headers: ctx.asAgent, payload: { body: "Tarde demais", contactId: ctx.contact.id, sendAt: secondsFromNow(3600) } });
    expect(res.json()).toMatchObject({ status: "PENDENTE", editable: true });
  });

  it("ends ERRO with the reason when there is no connection to send through", async () => {
    const ctx = await scheduleFixture(app, database, "5511990008007");
    await database.db.update(whatsapps).set({ isDefault: false }).where(eq(whatsapps.companyId, ctx.company.id));
    const [row] = await database.db.insert(schedules).values({ companyId: ctx.company.id, contactId: ctx.contact.id, body: "Sem conexão", sendAt: new Date() }).returning();
    await sendScheduledMessage(app.deps, app.log, { companyId: ctx.company.id, scheduleId: row!.id, sendAt: row!.sendAt.toISOString() }, context);
    expect(await ctx.row(row!.id)).toMatchObject({ status: "ERRO", error: "ERR_NO_DEF_WAPP_FOUND", sentAt: null });
    const view = await app.inject({ method: "GET", url: `/schedules/${row!.id}`, headers: ctx.asAgent });
    expect(view.json()).toMatchObject({ status: "ERRO", error: "ERR_NO_DEF_WAPP_FOUND", editable: true });
  });
});

describe("a schedule's image", () => {
  it("is replaced by a new upload and removed with DELETE media-upload, file and all", async () => {
    const ctx = await scheduleFixture(app, database, "5511990008008");
    const created = (await ctx.schedule({ body: "Com imagem", sendAt: secondsFromNow(3600) })).json<ScheduleView>();
    const upload = async (name: string, type: string, data: Buffer) => {
      const body = multipart({ name, type, data });
      return app.inject({ method: "POST", url: `/schedules/${created.id}/media-upload`, headers: { ...ctx.asAgent, ...body.headers }, payload: body.payload });
    };
    expect((await upload("a.png", "image/png", SAMPLE_FILES.png)).statusCode).toBe(200);
    const first = (await ctx.row(created.id)).mediaPath!;
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    expect((await upload("b.jpg", "image/jpeg", jpeg)).json()).toMatchObject({ mediaName: "b.jpg" });
    const second = (await ctx.row(created.id)).mediaPath!;
    expect(await app.deps.storage.exists(first)).toBe(false);

    const removed = await app.inject({ method: "DELETE", url: `/schedules/${created.id}/media-upload`, headers: ctx.asAgent });
    expect(removed.json()).toMatchObject({ mediaName: null, mediaUrl: null });
    expect(await app.deps.storage.exists(second)).toBe(false);
  });
});
