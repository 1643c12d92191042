import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent, type ScheduleView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, schedules, whatsapps } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { captureEvents } from "../connections/test-support.js";
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

describe("POST /schedules", () => {
  it("saves a schedule for later, as the caller's, and tells the company", async () => {
    const ctx = await scheduleFixture(app, database, "5511990007001");
    const emitted = captureEvents(app);
    const sendAt = secondsFromNow(3600);
    const res = await ctx.schedule({ body: "Olá {nome}, lembrete!", sendAt, whatsappId: ctx.connection.id });
    expect(res.statusCode).toBe(201);
    const schedule = res.json<ScheduleView>();
    expect(schedule).toMatchObject({
      body: "Olá {nome}, lembrete!",
      contactId: ctx.contact.id,
      contact: { id: ctx.contact.id, name: "Cliente" },
      whatsappId: ctx.connection.id,
      whatsapp: { id: ctx.connection.id, name: "Conversa" },
      userId: ctx.agent.id,
      sendAt,
      sentAt: null,
      status: "PENDENTE",
      error: null,
      editable: true,
      mediaUrl: null,
    });
    expect(emitted).toContainEqual({ to: "company", event: companyEvent.schedule(ctx.company.id), payload: { action: "create", schedule } });
    expect((await app.inject({ method: "GET", url: `/schedules/${schedule.id}`, headers: ctx.asAdmin })).json()).toEqual(schedule);
  });

  it("validates as the dialog does: text of at least 5, contact and time required", async () => {
    const ctx = await scheduleFixture(app, database, "5511990007002");
    const cases: [Record<string, unknown>, { path: string; message: string }[]][] = [
      [{ body: "oi", sendAt: secondsFromNow(60) }, [{ path: "body.body", message: "validation.messageTooShort" }]],
      [{ body: "  ", sendAt: secondsFromNow(60) }, [{ path: "body.body", message: "validation.required" }]],
      [{ body: "Mensagem válida" }, [{ path: "body.sendAt", message: "validation.required" }]],
      [{ body: "Mensagem válida", sendAt: "amanhã" }, [{ path: "body.sendAt", message: "validation.invalid" }]],
    ];
    for (const [payload, fields] of cases) {
      const res = await ctx.schedule(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error: "ERR_VALIDATION", fields });
    }
    const noContact = await app.inject({ method: "POST", url: "/schedules", headers: ctx.asAgent, payload: { body: "Mensagem válida", sendAt: secondsFromNow(60) } });
    expect(noContact.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.contactId", message: "validation.required" }] });
  });

  it("answers 404 for another company's contact, connection and schedule", async () => {
    const ctx = await scheduleFixture(app, database, "5511990007003");
    const other = await createCompany(database.db);
    const [foreignContact] = await database.db.insert(contacts).values({ companyId: other.id, name: "Outro", number: "5511900000001", canonicalNumber: "5511900000001" }).returning();
    const [foreign] = await database.db.insert(schedules).values({ companyId: other.id, contactId: foreignContact!.id, body: "Segredo de outra empresa", sendAt: new Date() }).returning();

    const byContact = await ctx.schedule({ body: "Mensagem válida", sendAt: secondsFromNow(60), contactId: foreignContact!.id });
    expect([byContact.statusCode, byContact.json()]).toEqual([404, { error: "ERR_NO_CONTACT_FOUND" }]);
    const [foreignConnection] = await database.db.insert(whatsapps).values({ companyId: other.id, name: "Outra conexão", provider: "simulator" }).returning();
    const byConnection = await ctx.schedule({ body: "Mensagem válida", sendAt: secondsFromNow(60), whatsappId: foreignConnection!.id });
    expect([byConnection.statusCode, byConnection.json()]).toEqual([404, { error: "ERR_NO_WAPP_FOUND" }]);
    for (const [method, url, payload] of [
      ["GET", `/schedules/${foreign!.id}`, undefined],
      ["PUT", `/schedules/${foreign!.id}`, { body: "Mensagem válida", sendAt: secondsFromNow(60), contactId: ctx.contact.id }],
      ["DELETE", `/schedules/${foreign!.id}`, undefined],
      ["DELETE", `/schedules/${foreign!.id}/media-upload`, undefined],
      ["GET", `/schedules/${foreign!.id}/media`, undefined],
    ] as const) {
      const res = await app.inject({ method, url, headers: ctx.asAdmin, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain("Segredo");
    }
    const list = await app.inject({ method: "GET", url: "/schedules?searchParam=Segredo", headers: ctx.asAdmin });
    expect(list.json()).toEqual({ schedules: [], count: 0, hasMore: false });
  });

  it("is refused with 403 to a company whose plan has no schedules", async () => {
    const company = await createCompany(database.db, {}, { useSchedules: false });
    const user = await createUser(database.db, company.id, { profile: "admin" });
    const token = (await login(app, user.email, user.password)).token;
    for (const [method, url] of [
      ["GET", "/schedules"],
      ["POST", "/schedules"],
      ["GET", "/schedules/1"],
      ["PUT", "/schedules/1"],
      ["DELETE", "/schedules/1"],
      ["DELETE", "/schedules/1/media-upload"],
    ] as const) {
      const res = await app.inject({ method, url, headers: bearer(token), ...(method === "POST" || method === "PUT" ? { payload: { body: "Mensagem válida", contactId: 1, sendAt: secondsFromNow(60) } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", details: { flag: "useSchedules" } });
    }
  });
});

describe("GET /schedules", () => {
  it("searches the text and the contact's name, pages and narrows by period", async () => {
    const ctx = await scheduleFixture(app, database, "5511990007004");
    const a = (await ctx.schedule({ body: "Cobrança de março", sendAt: "2031-03-10T12:00:00.000Z" })).json<ScheduleView>();
    const b = (await ctx.schedule({ body: "Aniversário chegando", sendAt: "2031-04-10T12:00:00.000Z" })).json<ScheduleView>();
    const get = async (query: string) => (await app.inject({ method: "GET", url: `/schedules/?${query}`, headers: ctx.asAgent })).json<{ schedules: ScheduleView[]; count: number; hasMore: boolean }>();
    expect((await get("searchParam=cobran")).schedules.map((s) => s.id)).toEqual([a.id]);
    expect((await get("searchParam=cliente")).schedules.map((s) => s.id)).toEqual([b.id, a.id]);
    expect((await get("from=2031-04-01T00:00:00.000Z&to=2031-05-01T00:00:00.000Z")).schedules.map((s) => s.id)).toEqual([b.id]);
    expect(await get("pageNumber=1&contactId=" + ctx.contact.id)).toMatchObject({ count: 2, hasMore: false });
  });
});
