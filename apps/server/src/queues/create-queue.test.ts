import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companyEvent, defaultWorkingHours } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";

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

async function companyWith(planQueues = 10) {
  const company = await createCompany(database.db, {}, { queues: planQueues });
  const tokenOf = async (profile: "user" | "supervisor" | "admin") => {
    const user = await createUser(database.db, company.id, { profile });
    return (await login(app, user.email, user.password)).token;
  };
  return { company, tokenOf, admin: await tokenOf("admin") };
}
const post = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/queue", headers: bearer(token), payload });

describe("POST /queue", () => {
  it("creates a queue with the default working hours and tells the company", async () => {
    const { company, admin } = await companyWith();
    const emitted = vi.spyOn(app.deps.realtime, "toCompany");
    const res = await post(admin, { name: "Vendas", color: "#ff0000", greetingMessage: "Olá!", orderQueue: 2 });
    expect(res.statusCode).toBe(201);
    const queue = res.json();
    expect(queue).toMatchObject({
      name: "Vendas",
      color: "#ff0000",
      greetingMessage: "Olá!",
      outOfHoursMessage: "",
      orderQueue: 2,
      integrationId: null,
      promptId: null,
      mediaPath: null,
      mediaName: null,
    });
    expect(queue.schedules).toEqual(defaultWorkingHours());
    expect(queue.schedules[0]).toEqual({ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" });
    expect(queue.schedules[5]).toMatchObject({ weekdayEn: "saturday", startTime: "08:00", endTime: "12:00" });
    expect(queue.schedules[6]).toMatchObject({ weekday: "Domingo", startTime: "00:00", endTime: "00:00" });
    expect(emitted).toHaveBeenCalledWith(company.id, companyEvent.queue(company.id), { action: "create", queue });
    emitted.mockRestore();
  });

  it("stores the working hours given, in weekday order with canonical names", async () => {
    const { admin } = await companyWith();
    const schedules = defaultWorkingHours()
      .map((day) => (day.weekdayEn === "tuesday" ? { ...day, weekday: "terça", startTime: "09:30", endTime: "17:45" } : day))
      .reverse();
    const res = await post(admin, { name: "Suporte", color: "#00ff00", schedules });
    expect(res.statusCode).toBe(201);
    expect(res.json().schedules[1]).toEqual({ weekday: "Terça-feira", weekdayEn: "tuesday", startTime: "09:30", endTime: "17:45" });
    expect(res.json().schedules.map((d: { weekdayEn: string }) => d.weekdayEn)).toEqual(defaultWorkingHours().map((d) => d.weekdayEn));
  });

  it("validates the dialog with the shared messages", async () => {
    const { admin } = await companyWith();
    const short = await post(admin, { name: "V", color: "#1" });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.tooShort" },
        { path: "body.color", message: "validation.tooShort" },
      ]),
    );
    const long = await post(admin, { name: "x".repeat(51), color: "#1234567890" });
    expect(long.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.tooLong" },
        { path: "body.color", message: "validation.tooLong" },
      ]),
    );
    const missing = await post(admin, { name: "  ", color: "" });
    expect(missing.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.required" },
        { path: "body.color", message: "validation.required" },
      ]),
    );
    const absent = await post(admin, {});
    expect(absent.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.required" },
        { path: "body.color", message: "validation.required" },
      ]),
    );
  });

  it("refuses malformed working hours", async () => {
    const { admin } = await companyWith();
    const days = defaultWorkingHours();
    const withTime = (startTime: string) => days.map((day, i) => (i === 0 ? { ...day, startTime } : day));
    for (const bad of ["24:00", "8:00", "08:60", "0800", "ab:cd", "08:00 "]) {
      const res = await post(admin, { name: "Horas", color: "#abcdef", schedules: withTime(bad) });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields, bad).toEqual([{ path: "body.schedules.0.startTime", message: "validation.invalidTime" }]);
    }
    // 23:59 is a time of day (a closing time: a day closes after it opens).
    const lateClose = days.map((day, i) => (i === 0 ? { ...day, endTime: "23:59" } : day));
    expect((await post(admin, { name: "Horas", color: "#abcdef", schedules: lateClose })).statusCode).toBe(201);
    // Six days, or a day twice, is not a week.
    expect((await post(admin, { name: "Seis", color: "#abcde0", schedules: days.slice(1) })).statusCode).toBe(400);
    const twice = days.map((day, i) => (i === 1 ? { ...day, weekdayEn: "monday" } : day));
    expect((await post(admin, { name: "Dois", color: "#abcde1", schedules: twice })).statusCode).toBe(400);
  });

  it("accepts null or the company's own integration and prompt ids only", async () => {
    const { admin } = await companyWith();
    expect((await post(admin, { name: "Nulos", color: "#101010", integrationId: null, promptId: null })).statusCode).toBe(201);
    const res = await post(admin, { name: "Bot", color: "#202020", integrationId: 424242, promptId: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_INVALID_INTEGRATION", details: { id: 424242 } });
    const prompt = await post(admin, { name: "Bot", color: "#202020", promptId: 424242 });
    expect(prompt.json()).toEqual({ error: "ERR_INVALID_PROMPT", details: { id: 424242 } });
    const malformed = await post(admin, { name: "Bot", color: "#202020", integrationId: -1 });
    expect(malformed.json().fields).toEqual([{ path: "body.integrationId", message: "validation.invalid" }]);
  });

  it("refuses a name or colour the company already uses, whatever the case", async () => {
    const { admin } = await companyWith();
    expect((await post(admin, { name: "Financeiro", color: "#AA0000" })).statusCode).toBe(201);
    const sameName = await post(admin, { name: "financeiro", color: "#BB0000" });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ error: "ERR_QUEUE_NAME_ALREADY_EXISTS" });
    const sameColor = await post(admin, { name: "Cobrança", color: "#aa0000" });
    expect(sameColor.statusCode).toBe(409);
    expect(sameColor.json()).toEqual({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" });
    // Another company may use both.
    const other = await companyWith();
    expect((await post(other.admin, { name: "Financeiro", color: "#AA0000" })).statusCode).toBe(201);
  });

  it("answers the code, never 500, when two saves race past the check", async () => {
    const { admin } = await companyWith();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_v, i) => post(admin, { name: "Corrida", color: `#00000${i}` })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json()).toEqual({ error: "ERR_QUEUE_NAME_ALREADY_EXISTS" });
  });

  it("stops at the plan's number of queues", async () => {
    const { admin } = await companyWith(2);
    expect((await post(admin, { name: "Um", color: "#000001" })).statusCode).toBe(201);
    expect((await post(admin, { name: "Dois", color: "#000002" })).statusCode).toBe(201);
    const third = await post(admin, { name: "Três", color: "#000003" });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ error: "ERR_PLAN_LIMIT_REACHED", details: { resource: "queues", limit: 2 } });
  });

  it("holds the plan limit under concurrent creates", async () => {
    const { admin } = await companyWith(1);
    const results = await Promise.all(Array.from({ length: 3 }, (_v, i) => post(admin, { name: `Fila ${i}`, color: `#00010${i}` })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
  });

  it("is for admins only", async () => {
    const { tokenOf } = await companyWith();
    for (const profile of ["user", "supervisor"] as const) {
      const res = await post(await tokenOf(profile), { name: "Nope", color: "#999999" });
      expect(res.statusCode, profile).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
  });
});
