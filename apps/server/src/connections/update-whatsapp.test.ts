import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent, type WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { queues, whatsappAuthKeys, whatsapps } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { captureEvents, connectionRow, connectionsCompany, waitForStatus, type Emitted } from "./test-support.js";

let database: Database;
let app: TestApp;
let emitted: Emitted[];
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  emitted = captureEvents(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function setup() {
  const ctx = await connectionsCompany(app, database.db);
  const create = async (payload: object) => (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload })).json<WhatsAppView>();
  const put = (id: number, payload: object) => app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: ctx.asAdmin, payload });
  return { ...ctx, create, put };
}

describe("PUT /whatsapp/{id}", () => {
  it("changes only the fields sent", async () => {
    const { create, put } = await setup();
    const created = await create({ name: "Atendimento", greetingMessage: "Olá!", timeforagroup: 9, transcribekey: "key-1" });
    const res = await put(created.id, { complationMessage: "Até logo" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Atendimento", greetingMessage: "Olá!", complationMessage: "Até logo", timeforagroup: 9, hasTranscribeKey: true });
    // Nothing sent, nothing changed.
    expect((await put(created.id, {})).json()).toMatchObject({ name: "Atendimento", complationMessage: "Até logo" });
  });

  it("sets the outbox's pace of a number, clears it with null, and refuses a pace under 0.1 per second", async () => {
    const { create, put } = await setup();
    const created = await create({ name: "Ritmo", sendRatePerSecond: 2 });
    expect(created.sendRatePerSecond).toBe(2);
    expect((await connectionRow(database.db, created.id))!.sendRatePerSecond).toBe(2);
    expect((await put(created.id, { sendRatePerSecond: 0.5 })).json()).toMatchObject({ sendRatePerSecond: 0.5 });
    expect((await put(created.id, { sendRatePerSecond: null })).json()).toMatchObject({ sendRatePerSecond: null });
    const refused = await put(created.id, { sendRatePerSecond: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("makes another connection the default and takes the flag from the old one; refuses to leave none (ERR_NO_OTHER_WHATSAPP)", async () => {
    const { company, create, put } = await setup();
    const first = await create({ name: "Um" });
    const second = await create({ name: "Dois" });
    const refused = await put(first.id, { isDefault: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("ERR_NO_OTHER_WHATSAPP");

    const mark = emitted.length;
    const res = await put(second.id, { isDefault: true });
    expect(res.json<WhatsAppView>().isDefault).toBe(true);
    expect((await connectionRow(database.db, first.id))?.isDefault).toBe(false);
    const defaults = await database.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.companyId, company.id));
    expect(defaults.length).toBe(2);
    const events = emitted.slice(mark).filter((e) => e.event === companyEvent.whatsapp(company.id)).map((e) => (e.payload as { whatsapp: WhatsAppView }).whatsapp);
    expect(events.map((w) => [w.id, w.isDefault])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
  });

  it("applies the greeting rule to the queues the connection will have", async () => {
    const { company, create, put } = await setup();
    const [q1, q2] = await database.db
      .insert(queues)
      .values([
        { companyId: company.id, name: "A", color: "#aaaaaa" },
        { companyId: company.id, name: "B", color: "#bbbbbb" },
      ])
      .returning();
    const created = await create({ name: "Filas", queueIds: [q1!.id] });
    const refused = await put(created.id, { queueIds: [q1!.id, q2!.id] });
    expect(refused.json().error).toBe("ERR_WAPP_GREETING_REQUIRED");
    const withGreeting = await put(created.id, { queueIds: [q1!.id, q2!.id], greetingMessage: "1 - A, 2 - B" });
    expect(withGreeting.json<WhatsAppView>().queues.map((q) => q.id)).toEqual([q1!.id, q2!.id]);
    // Clearing the greeting while two queues stay is refused too.
    expect((await put(created.id, { greetingMessage: "" })).json().error).toBe("ERR_WAPP_GREETING_REQUIRED");
    expect((await put(created.id, { greetingMessage: "", queueIds: [] })).statusCode).toBe(200);
  });

  it("clears the transcription key with null, and never answers it", async () => {
    const { create, put } = await setup();
    const created = await create({ name: "Chave", transcribekey: "secret-1" });
    const kept = await put(created.id, { transcribe: true });
    expect(kept.json<WhatsAppView>().hasTranscribeKey).toBe(true);
    expect(kept.body).not.toContain("secret-1");
    const cleared = await put(created.id, { transcribekey: null });
    expect(cleared.json<WhatsAppView>().hasTranscribeKey).toBe(false);
  });

  it("starts over with a new provider: the old login is forgotten and the new session starts", async () => {
    const { create, put } = await setup();
    const created = await create({ name: "Troca", provider: "beta" });
    await database.db.insert(whatsappAuthKeys).values({ whatsappId: created.id, type: "creds", keyId: "creds", value: "old-login" });
    const res = await put(created.id, { provider: "simulator" });
    expect(res.statusCode).toBe(200);
    expect(res.json<WhatsAppView>().provider).toBe("simulator");
    const row = await waitForStatus(database.db, created.id, "qrcode");
    expect(row.qrcode).toMatch(/^atendo-simulator:/);
    const keys = await database.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, created.id));
    expect(keys.map((k) => k.value)).not.toContain("old-login");
  });

  it("answers ERR_NO_WAPP_FOUND for an unknown id and refuses agents", async () => {
    const { asAgent, create } = await setup();
    const created = await create({ name: "Protegida" });
    const { put } = await setup();
    expect((await put(created.id, { name: "Alheia" })).json().error).toBe("ERR_NO_WAPP_FOUND");
    const agent = await app.inject({ method: "PUT", url: `/whatsapp/${created.id}`, headers: asAgent, payload: { name: "Do agente" } });
    expect(agent.statusCode).toBe(403);
  });
});
