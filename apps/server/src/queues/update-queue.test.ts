import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companyEvent, defaultWorkingHours } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { queues } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { queueUniqueViolation } from "./assert-queue-unique.js";

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

async function companyWithQueue() {
  const company = await createCompany(database.db);
  const admin = await createUser(database.db, company.id, { profile: "admin" });
  const token = (await login(app, admin.email, admin.password)).token;
  const created = await app.inject({
    method: "POST",
    url: "/queue",
    headers: bearer(token),
    payload: { name: "Vendas", color: "#ff0000", greetingMessage: "Oi", outOfHoursMessage: "Fechado", orderQueue: 1 },
  });
  return { company, token, queue: created.json() as { id: number } };
}
const put = (token: string, id: number, payload: Record<string, unknown>) =>
  app.inject({ method: "PUT", url: `/queue/${id}`, headers: bearer(token), payload });

describe("PUT /queue/{id}", () => {
  it("saves the fields and working hours, keeps what was left out, answers the queue and tells the company", async () => {
    const { company, token, queue } = await companyWithQueue();
    const emitted = vi.spyOn(app.deps.realtime, "toCompany");
    const schedules = defaultWorkingHours().map((day) => (day.weekdayEn === "saturday" ? { ...day, endTime: "14:00" } : day));
    const res = await put(token, queue.id, { name: "Vendas B2B", color: "#ff0001", orderQueue: 3, schedules });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ id: queue.id, name: "Vendas B2B", color: "#ff0001", orderQueue: 3, greetingMessage: "Oi", outOfHoursMessage: "Fechado" });
    expect(saved.schedules[5]).toEqual({ weekday: "Sábado", weekdayEn: "saturday", startTime: "08:00", endTime: "14:00" });
    expect(emitted).toHaveBeenCalledWith(company.id, companyEvent.queue(company.id), { action: "update", queue: saved });
    emitted.mockRestore();
    const read = await app.inject({ method: "GET", url: `/queue/${queue.id}`, headers: bearer(token) });
    expect(read.json()).toEqual(saved);
    // Empty order clears it (the form sends text).
    expect((await put(token, queue.id, { name: "Vendas B2B", color: "#ff0001", orderQueue: "" })).json().orderQueue).toBeNull();
  });

  it("lets a queue keep its own name and colour but not take another's", async () => {
    const { token, queue } = await companyWithQueue();
    expect((await put(token, queue.id, { name: "VENDAS", color: "#FF0000" })).statusCode).toBe(200);
    const other = await app.inject({ method: "POST", url: "/queue", headers: bearer(token), payload: { name: "Suporte", color: "#0000ff" } });
    expect((await put(token, other.json().id, { name: "vendas", color: "#0000ff" })).json()).toEqual({ error: "ERR_QUEUE_NAME_ALREADY_EXISTS" });
    expect((await put(token, other.json().id, { name: "Suporte", color: "#ff0000" })).json()).toEqual({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" });
  });

  it("maps the unique indexes to their codes when a race gets past the check", async () => {
    const { company } = await companyWithQueue();
    for (const [row, code] of [
      [{ name: "Vendas", color: "#123123" }, "ERR_QUEUE_NAME_ALREADY_EXISTS"],
      [{ name: "Outra", color: "#ff0000" }, "ERR_QUEUE_COLOR_ALREADY_EXISTS"],
    ] as const) {
      const error = await database.db
        .insert(queues)
        .values({ companyId: company.id, ...row })
        .then(() => null, (err: unknown) => err);
      expect(queueUniqueViolation(error)?.code).toBe(code);
      expect(queueUniqueViolation(error)?.statusCode).toBe(409);
    }
    expect(queueUniqueViolation(new Error("other"))).toBeNull();
  });

  it("answers 404 for another company's queue and 403 for non-admins", async () => {
    const { token } = await companyWithQueue();
    const other = await companyWithQueue();
    const foreign = await put(token, other.queue.id, { name: "Minha", color: "#111111" });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "ERR_NOT_FOUND" });
    expect((await app.inject({ method: "GET", url: `/queue/${other.queue.id}`, headers: bearer(token) })).statusCode).toBe(404);
    const agent = await createUser(database.db, other.company.id);
    const agentToken = (await login(app, agent.email, agent.password)).token;
    expect((await put(agentToken, other.queue.id, { name: "Minha", color: "#111111" })).json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });
});
