import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companyEvent } from "@atendo/shared";
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

async function companyWithUsers() {
  const company = await createCompany(database.db);
  const as = async (profile: "user" | "supervisor" | "admin") => {
    const user = await createUser(database.db, company.id, { profile });
    return { user, token: (await login(app, user.email, user.password)).token };
  };
  return { company, as };
}
const post = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/quick-messages", headers: bearer(token), payload });

describe("POST /quick-messages", () => {
  it("saves an agent's personal message and tells only its author", async () => {
    const { company, as } = await companyWithUsers();
    const { user, token } = await as("user");
    const toCompany = vi.spyOn(app.deps.realtime, "toCompany");
    const toUser = vi.spyOn(app.deps.realtime, "toUser");
    const res = await post(token, { shortcode: "oi", message: "Olá, tudo bem?" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ shortcode: "oi", message: "Olá, tudo bem?", geral: false, isMedia: false, userId: user.id, companyId: company.id });
    expect(toUser).toHaveBeenCalledWith(user.id, companyEvent.quickMessage(company.id), { action: "create", quickMessage: res.json() });
    expect(toCompany).not.toHaveBeenCalled();
    toCompany.mockRestore();
    toUser.mockRestore();
  });

  it("lets only admins save a general message, which the whole company hears about", async () => {
    const { company, as } = await companyWithUsers();
    for (const profile of ["user", "supervisor"] as const) {
      const res = await post((await as(profile)).token, { shortcode: "geral", message: "x", geral: true });
      expect(res.statusCode, profile).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    const toCompany = vi.spyOn(app.deps.realtime, "toCompany");
    const res = await post((await as("admin")).token, { shortcode: "horario", message: "Atendemos das 8h às 18h", geral: true });
    expect(res.json()).toMatchObject({ geral: true });
    expect(toCompany).toHaveBeenCalledWith(company.id, companyEvent.quickMessage(company.id), { action: "create", quickMessage: res.json() });
    toCompany.mockRestore();
  });

  it("requires the shortcode", async () => {
    const { as } = await companyWithUsers();
    const { token } = await as("user");
    for (const payload of [{ message: "sem atalho" }, { shortcode: "   ", message: "x" }]) {
      const res = await post(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.shortcode", message: "validation.required" }] });
    }
  });
});
