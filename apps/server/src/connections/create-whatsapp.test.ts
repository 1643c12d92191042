import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent, type WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { queues } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { captureEvents, connectionRow, connectionsCompany, type Emitted } from "./test-support.js";

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

const post = (headers: Record<string, string>, payload: unknown) => app.inject({ method: "POST", url: "/whatsapp", headers, payload: payload as object });

describe("POST /whatsapp", () => {
  it("creates the company's first connection as its default, with the spec's defaults, and starts its session (QR)", async () => {
    const { company, asAdmin } = await connectionsCompany(app, database.db);
    const res = await post(asAdmin, { name: "Vendas" });
    expect(res.statusCode).toBe(201);
    const created = res.json<WhatsAppView>();
    expect(created).toMatchObject({
      name: "Vendas",
      isDefault: true,
      // The embedded default (simulator on, not production) is the simulator.
      provider: "simulator",
      maxUseBotQueues: 3,
      timeforagroup: 5,
      expiresTicket: 0,
      timeUseBotQueues: 0,
      hasTranscribeKey: false,
      hasToken: false,
      queues: [],
      capabilities: expect.objectContaining({ qr: true, templates: false }),
    });
    expect(created.status).toBe("qrcode");
    expect(created.qrcode).toMatch(/^atendo-simulator:/);
    const updates = emitted.filter((e) => e.event === companyEvent.whatsapp(company.id));
    expect(updates).toContainEqual(expect.objectContaining({ to: "company", payload: expect.objectContaining({ action: "update", whatsapp: expect.objectContaining({ id: created.id }) }) }));
  });

  it("moves the default flag to a new default connection in one step, and keeps it otherwise", async () => {
    const { company, asAdmin } = await connectionsCompany(app, database.db);
    const first = (await post(asAdmin, { name: "Primeira" })).json<WhatsAppView>();
    const second = (await post(asAdmin, { name: "Segunda" })).json<WhatsAppView>();
    expect(second.isDefault).toBe(false);
    expect((await connectionRow(database.db, first.id))?.isDefault).toBe(true);

    const third = (await post(asAdmin, { name: "Terceira", isDefault: true })).json<WhatsAppView>();
    expect(third.isDefault).toBe(true);
    expect((await connectionRow(database.db, first.id))?.isDefault).toBe(false);
    // The old default's card hears of it too.
    const updated = emitted
      .filter((e) => e.event === companyEvent.whatsapp(company.id))
      .map((e) => (e.payload as { whatsapp: WhatsAppView }).whatsapp)
      .filter((w) => w.id === first.id);
    expect(updated.at(-1)?.isDefault).toBe(false);
  });

  it("stops at the plan's connection count with ERR_PLAN_LIMIT_REACHED", async () => {
    const { asAdmin } = await connectionsCompany(app, database.db, { connections: 1 });
    expect((await post(asAdmin, { name: "Única" })).statusCode).toBe(201);
    const refused = await post(asAdmin, { name: "Demais" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_PLAN_LIMIT_REACHED", details: { resource: "connections", limit: 1 } });
  });

  it("requires a greeting with more than one queue (ERR_WAPP_GREETING_REQUIRED), and links same-company queues", async () => {
    const { company, asAdmin } = await connectionsCompany(app, database.db);
    const [q1, q2] = await database.db
      .insert(queues)
      .values([
        { companyId: company.id, name: "Financeiro", color: "#111111" },
        { companyId: company.id, name: "Suporte", color: "#222222" },
      ])
      .returning();
    const bare = await post(asAdmin, { name: "Sem saudação", queueIds: [q1!.id, q2!.id], greetingMessage: "   " });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe("ERR_WAPP_GREETING_REQUIRED");

    const one = await post(asAdmin, { name: "Uma fila", queueIds: [q1!.id] });
    expect(one.statusCode).toBe(201);
    const ok = await post(asAdmin, { name: "Com saudação", queueIds: [q1!.id, q2!.id], greetingMessage: "Escolha uma opção", transferQueueId: q2!.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<WhatsAppView>().queues.map((q) => q.name)).toEqual(["Financeiro", "Suporte"]);
    expect(ok.json<WhatsAppView>().transferQueueId).toBe(q2!.id);
  });

  it("refuses another company's queues, a taken name, and values that are not the spec's", async () => {
    const { asAdmin } = await connectionsCompany(app, database.db);
    const other = await createCompany(database.db);
    const [foreignQueue] = await database.db.insert(queues).values({ companyId: other.id, name: "Alheia", color: "#333333" }).returning();
    const foreignLink = await post(asAdmin, { name: "Ligada", queueIds: [foreignQueue!.id] });
    expect(foreignLink.statusCode).toBe(400);
    expect(foreignLink.json().fields).toEqual([{ path: "body.queueIds", message: "validation.invalid" }]);
    const foreignTransfer = await post(asAdmin, { name: "Transferida", transferQueueId: foreignQueue!.id });
    expect(foreignTransfer.json().fields).toEqual([{ path: "body.transferQueueId", message: "validation.invalid" }]);

    expect((await post(asAdmin, { name: "Repetida" })).statusCode).toBe(201);
    const taken = await post(asAdmin, { name: "Repetida" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe("ERR_WAPP_NAME_ALREADY_EXISTS");

    for (const body of [{ name: "x" }, { name: "Ok", status: "CONNECTED" }, { name: "Ok", promptId: "three" }, { name: "Ok", provider: "cloud" }, { name: "Ok", maxUseBotQueues: -1 }]) {
      const res = await post(asAdmin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    // A prompt id that is not one of the company's prompts (integrations/assert-bot-links.ts).
    const unknownPrompt = await post(asAdmin, { name: "Ok", promptId: 424242 });
    expect(unknownPrompt.statusCode).toBe(400);
    expect(unknownPrompt.json()).toEqual({ error: "ERR_INVALID_PROMPT", details: { id: 424242 } });
  });

  it("keeps the transcription key write-only and stores no typed API token (the server generates it)", async () => {
    const { asAdmin, asAgent } = await connectionsCompany(app, database.db);
    const res = await post(asAdmin, { name: "Transcrição", transcribekey: "sk-secret-key", transcribeprovider: "openai", transcribe: true });
    const created = res.json<WhatsAppView>();
    expect(created.hasTranscribeKey).toBe(true);
    expect(res.body).not.toContain("sk-secret-key");
    expect(created.hasToken).toBe(false);
    // The spec's client sends a token with the connection: the save works and the token is ignored.
    const typed = await post(asAdmin, { name: "Com token", token: "chosen-by-the-client" });
    expect(typed.statusCode).toBe(201);
    expect(typed.json<WhatsAppView>().hasToken).toBe(false);
    const asSeenByAgent = await app.inject({ method: "GET", url: `/whatsapp/${created.id}`, headers: asAgent });
    expect(asSeenByAgent.statusCode).toBe(200);
    expect(asSeenByAgent.json()).not.toHaveProperty("token");
  });

  it("is for admins only", async () => {
    const { asAgent } = await connectionsCompany(app, database.db);
    const res = await post(asAgent, { name: "Do agente" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_NO_PERMISSION");
  });
});

describe("POST /whatsapp with the simulator off", () => {
  it("refuses the simulator provider and defaults to Baileys", async () => {
    const off = await createTestApp(database, { simulatorEnabled: false });
    try {
      const { asAdmin } = await connectionsCompany(off, database.db);
      const refused = await off.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Simulada", provider: "simulator" } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe("ERR_SIMULATOR_DISABLED");
      const created = await off.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Real" } });
      expect(created.statusCode).toBe(201);
      expect(created.json<WhatsAppView>().provider).toBe("beta");
      const providers = await off.inject({ method: "GET", url: "/whatsapp-providers", headers: asAdmin });
      expect(providers.json()).toEqual([expect.objectContaining({ name: "beta", isDefault: true }), expect.objectContaining({ name: "cloudapi", isDefault: false })]);
    } finally {
      await off.close();
    }
  });
});
