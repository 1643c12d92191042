import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultWorkingHours } from "@atendo/shared";
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

async function signedIn(profile: "user" | "supervisor" | "admin", overrides: { super?: boolean } = {}) {
  const company = await createCompany(database.db);
  const user = await createUser(database.db, company.id, { profile, ...overrides });
  return { company, token: (await login(app, user.email, user.password)).token };
}
const get = (token: string, id: number | string) => app.inject({ method: "GET", url: `/companies/${id}/schedules`, headers: bearer(token) });
const put = (token: string, id: number | string, payload: unknown) =>
  app.inject({ method: "PUT", url: `/companies/${id}/schedules`, headers: bearer(token), payload: payload as never });

describe("company working hours", () => {
  it("reads the defaults until saved, then what the admin saved", async () => {
    const { company, token } = await signedIn("admin");
    expect((await get(token, company.id)).json()).toEqual({ schedules: defaultWorkingHours() });
    const schedules = defaultWorkingHours().map((day) => (day.weekdayEn === "sunday" ? { ...day, startTime: "09:00", endTime: "13:00" } : day));
    const res = await put(token, company.id, { schedules });
    expect(res.statusCode).toBe(200);
    expect(res.json().schedules[6]).toEqual({ weekday: "Domingo", weekdayEn: "sunday", startTime: "09:00", endTime: "13:00" });
    expect((await get(token, company.id)).json()).toEqual(res.json());
  });

  it("lets everyone in the company read them but only admins save them", async () => {
    for (const profile of ["user", "supervisor"] as const) {
      const { company, token } = await signedIn(profile);
      expect((await get(token, company.id)).statusCode, profile).toBe(200);
      const res = await put(token, company.id, { schedules: defaultWorkingHours() });
      expect(res.statusCode, profile).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
  });

  it("answers 404 for any other company, even to a super user", async () => {
    const { token } = await signedIn("admin", { super: true });
    const other = await createCompany(database.db);
    expect((await get(token, other.id)).json()).toEqual({ error: "ERR_NOT_FOUND" });
    const res = await put(token, other.id, { schedules: defaultWorkingHours() });
    expect(res.statusCode).toBe(404);
    expect((await get(token, 2_000_000_000)).statusCode).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5"]) expect((await get(token, bad)).statusCode, bad).toBe(400);
  });

  it("validates the seven days and their HH:MM times", async () => {
    const { company, token } = await signedIn("admin");
    const bad = defaultWorkingHours().map((day, i) => (i === 2 ? { ...day, endTime: "25:00" } : day));
    const res = await put(token, company.id, { schedules: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: "body.schedules.2.endTime", message: "validation.invalidTime" }]);
    expect((await put(token, company.id, { schedules: defaultWorkingHours().slice(0, 6) })).statusCode).toBe(400);
    expect((await put(token, company.id, {})).statusCode).toBe(400);
  });

  it("refuses a day that closes before it opens", async () => {
    const { company, token } = await signedIn("admin");
    const backwards = defaultWorkingHours().map((day, i) => (i === 0 ? { ...day, startTime: "18:00", endTime: "08:00" } : day));
    const res = await put(token, company.id, { schedules: backwards });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: "body.schedules.0.endTime", message: "validation.endBeforeStart" }]);
  });
});
