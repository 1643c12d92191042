import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent, type CampaignView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { campaigns, contactLists, whatsapps } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { captureEvents, connectionsCompany } from "../connections/test-support.js";
import { campaignFixture, secondsFromNow } from "./test-support.js";

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

describe("campaign CRUD", () => {
  it("creates an INATIVA draft without a schedule, lists, searches, updates and deletes it with events", async () => {
    const ctx = await campaignFixture(app, database, []);
    const emitted = captureEvents(app);
    const res = await ctx.create({ name: "Promoção de junho", message1: "Olá {nome}", tagListId: "Nenhuma" });
    expect(res.statusCode).toBe(201);
    const created = res.json<CampaignView>();
    expect(created).toMatchObject({
      name: "Promoção de junho",
      status: "INATIVA",
      confirmation: false,
      message1: "Olá {nome}",
      message2: null,
      tagListId: null,
      contactList: { id: ctx.list.id, name: "Clientes" },
      whatsapp: { id: ctx.connection.id, name: "Campanhas" },
      stats: { validContacts: 0, delivered: 0, failed: 0 },
    });
    expect(emitted).toContainEqual({ to: "company", event: companyEvent.campaign(ctx.company.id), payload: { action: "create", record: created } });

    await ctx.create({ name: "Natal", message1: "Feliz Natal" });
    const search = (await app.inject({ method: "GET", url: "/campaigns/?searchParam=natal&pageNumber=1", headers: ctx.asAdmin })).json();
    expect(search).toMatchObject({ count: 1, hasMore: false, records: [{ name: "Natal" }] });

    const updated = await app.inject({ method: "PUT", url: `/campaigns/${created.id}`, headers: ctx.asAdmin, payload: { name: "Promoção de julho", message1: "Oi", message2: "" } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: "Promoção de julho", message1: "Oi", message2: null, contactListId: null, status: "INATIVA" });

    expect((await app.inject({ method: "DELETE", url: `/campaigns/${created.id}`, headers: ctx.asAdmin })).statusCode).toBe(204);
    expect(emitted).toContainEqual({ to: "company", event: companyEvent.campaign(ctx.company.id), payload: { action: "delete", id: created.id } });
    expect((await app.inject({ method: "GET", url: `/campaigns/${created.id}`, headers: ctx.asAdmin })).statusCode).toBe(404);
  });

  it("validates: name 2 to 50, and a schedule needs a message and an audience (a confirmation text with confirmation on)", async () => {
    const ctx = await campaignFixture(app, database, []);
    const short = await app.inject({ method: "POST", url: "/campaigns", headers: ctx.asAdmin, payload: { name: "x" } });
    expect(short.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.name", message: "validation.tooShort" }] });
    const long = await app.inject({ method: "POST", url: "/campaigns", headers: ctx.asAdmin, payload: { name: "x".repeat(51) } });
    expect(long.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.name", message: "validation.tooLong" }] });
    const unready = await app.inject({ method: "POST", url: "/campaigns", headers: ctx.asAdmin, payload: { name: "Sem nada", scheduledAt: secondsFromNow(7200), confirmation: true } });
    expect(unready.statusCode).toBe(400);
    expect(unready.json().fields).toEqual([
      { path: "body.message1", message: "validation.required" },
      { path: "body.contactListId", message: "validation.required" },
      { path: "body.confirmationMessage1", message: "validation.required" },
    ]);
    const badDate = await ctx.create({ name: "Data ruim", scheduledAt: "amanhã" });
    expect(badDate.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.scheduledAt", message: "validation.invalid" }] });
  });

  it("refuses another company's connection, list, tag and file list as field errors, and its campaigns with 404", async () => {
    const ctx = await campaignFixture(app, database, []);
    const other = await createCompany(database.db);
    const [foreignList] = await database.db.insert(contactLists).values({ companyId: other.id, name: "Lista alheia" }).returning();
    const [foreignConnection] = await database.db.insert(whatsapps).values({ companyId: other.id, name: "Alheia", provider: "simulator" }).returning();
    const res = await ctx.create({ name: "Invasora", message1: "x", contactListId: foreignList!.id, whatsappId: foreignConnection!.id });
    expect(res.json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [
        { path: "body.whatsappId", message: "validation.invalid" },
        { path: "body.contactListId", message: "validation.invalid" },
      ],
    });
    const [foreign] = await database.db.insert(campaigns).values({ companyId: other.id, name: "Segredo alheio", message1: "Segredo" }).returning();
    for (const [method, url, payload] of [
      ["GET", `/campaigns/${foreign!.id}`, undefined],
      ["PUT", `/campaigns/${foreign!.id}`, { name: "Minha agora" }],
      ["DELETE", `/campaigns/${foreign!.id}`, undefined],
      ["POST", `/campaigns/${foreign!.id}/cancel`, undefined],
      ["POST", `/campaigns/${foreign!.id}/restart`, undefined],
      ["DELETE", `/campaigns/${foreign!.id}/media-upload`, undefined],
    ] as const) {
      const answer = await app.inject({ method, url, headers: ctx.asAdmin, ...(payload ? { payload } : {}) });
      expect([answer.statusCode, answer.json()], `${method} ${url}`).toEqual([404, { error: "ERR_NOT_FOUND" }]);
    }
    const list = (await app.inject({ method: "GET", url: "/campaigns", headers: ctx.asAdmin })).json();
    expect(JSON.stringify(list)).not.toContain("Segredo alheio");
    expect((await database.db.select().from(campaigns).where(eq(campaigns.id, foreign!.id)))[0]!.name).toBe("Segredo alheio");
  });

  it("answers 403 ERR_PLAN_FEATURE_DISABLED to a company whose plan lacks useCampaigns", async () => {
    const ctx = await connectionsCompany(app, database.db, { useCampaigns: false });
    for (const [method, url, payload] of [
      ["GET", "/campaigns", undefined],
      ["POST", "/campaigns", { name: "Sem plano" }],
      ["GET", "/campaigns/1", undefined],
      ["POST", "/campaigns/1/cancel", undefined],
      ["GET", "/campaign-settings", undefined],
      ["POST", "/campaign-settings", { settings: {} }],
    ] as const) {
      const res = await app.inject({ method, url, headers: ctx.asAdmin, ...(payload ? { payload } : {}) });
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([403, { error: "ERR_PLAN_FEATURE_DISABLED", details: { flag: "useCampaigns" } }]);
    }
  });
});

describe("editability and the status machine", () => {
  it("keeps a PROGRAMADA campaign editable only while its schedule is more than an hour ahead", async () => {
    const ctx = await campaignFixture(app, database, []);
    const later = (await ctx.create({ name: "Mais tarde", message1: "Oi", scheduledAt: secondsFromNow(7200) })).json<CampaignView>();
    expect(later.status).toBe("PROGRAMADA");
    const edit = await app.inject({ method: "PUT", url: `/campaigns/${later.id}`, headers: ctx.asAdmin, payload: { name: "Mais tarde 2", message1: "Oi", contactListId: ctx.list.id, scheduledAt: secondsFromNow(1800) } });
    expect(edit.json()).toMatchObject({ status: "PROGRAMADA", name: "Mais tarde 2" });
    const locked = await app.inject({ method: "PUT", url: `/campaigns/${later.id}`, headers: ctx.asAdmin, payload: { name: "Bloqueada" } });
    expect([locked.statusCode, locked.json()]).toEqual([409, { error: "ERR_CAMPAIGN_NOT_EDITABLE", details: { status: "PROGRAMADA" } }]);
    // Unscheduling a campaign far ahead makes it a draft again.
    const far = (await ctx.create({ name: "Longe", message1: "Oi", scheduledAt: secondsFromNow(7200) })).json<CampaignView>();
    const draft = await app.inject({ method: "PUT", url: `/campaigns/${far.id}`, headers: ctx.asAdmin, payload: { name: "Longe", message1: "Oi", scheduledAt: null } });
    expect(draft.json()).toMatchObject({ status: "INATIVA", scheduledAt: null });
  });

  it("cancels only a running campaign and restarts only a cancelled one; a cancelled one takes text edits only", async () => {
    const ctx = await campaignFixture(app, database, []);
    const draft = (await ctx.create({ name: "Rascunho", message1: "Oi" })).json<CampaignView>();
    const cancelDraft = await app.inject({ method: "POST", url: `/campaigns/${draft.id}/cancel`, headers: ctx.asAdmin });
    expect([cancelDraft.statusCode, cancelDraft.json()]).toEqual([409, { error: "ERR_CAMPAIGN_INVALID_STATUS", details: { status: "INATIVA" } }]);
    const restartDraft = await app.inject({ method: "POST", url: `/campaigns/${draft.id}/restart`, headers: ctx.asAdmin });
    expect(restartDraft.statusCode).toBe(409);

    await database.db.update(campaigns).set({ status: "CANCELADA" }).where(eq(campaigns.id, draft.id));
    const edit = await app.inject({
      method: "PUT",
      url: `/campaigns/${draft.id}`,
      headers: ctx.asAdmin,
      payload: { name: "Outro nome", message1: "Texto novo", contactListId: ctx.list.id },
    });
    expect(edit.json()).toMatchObject({ name: "Rascunho", message1: "Texto novo", contactListId: ctx.list.id, status: "CANCELADA" });
    await database.db.update(campaigns).set({ status: "FINALIZADA" }).where(eq(campaigns.id, draft.id));
    const finished = await app.inject({ method: "PUT", url: `/campaigns/${draft.id}`, headers: ctx.asAdmin, payload: { name: "x2", message1: "y" } });
    expect(finished.statusCode).toBe(409);
  });
});

describe("campaign settings", () => {
  it("answers the defaults, saves the keys sent and refuses values outside the choices", async () => {
    const ctx = await connectionsCompany(app, database.db);
    const defaults = (await app.inject({ method: "GET", url: "/campaign-settings", headers: ctx.asAdmin })).json();
    expect(defaults).toEqual([
      { key: "messageInterval", value: 20 },
      { key: "longerIntervalAfter", value: 20 },
      { key: "greaterInterval", value: 60 },
      { key: "variables", value: [] },
      { key: "optOutWords", value: ["SAIR", "PARAR", "STOP"] },
    ]);
    const saved = await app.inject({
      method: "POST",
      url: "/campaign-settings",
      headers: ctx.asAdmin,
      payload: { settings: { messageInterval: 5, variables: [{ key: "loja", value: "Loja Centro" }], optOutWords: ["cancelar", "SAIR"] } },
    });
    expect(saved.json()).toEqual([
      { key: "messageInterval", value: 5 },
      { key: "longerIntervalAfter", value: 20 },
      { key: "greaterInterval", value: 60 },
      { key: "variables", value: [{ key: "loja", value: "Loja Centro" }] },
      { key: "optOutWords", value: ["CANCELAR", "SAIR"] },
    ]);
    const bad = await app.inject({ method: "POST", url: "/campaign-settings", headers: ctx.asAdmin, payload: { settings: { messageInterval: 7 } } });
    expect(bad.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.settings.messageInterval", message: "validation.invalid" }] });
    const dup = await app.inject({ method: "POST", url: "/campaign-settings", headers: ctx.asAdmin, payload: { settings: { variables: [{ key: "a", value: "1" }, { key: "a", value: "2" }] } } });
    expect(dup.statusCode).toBe(400);
  });
});
