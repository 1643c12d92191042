import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companyEvent } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { quickMessages } from "../db/schema.js";
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

type Profile = "user" | "supervisor" | "admin";

/** A company with an agent who owns a personal message, and a general message written by an admin. */
async function scenario() {
  const company = await createCompany(database.db);
  const owner = await createUser(database.db, company.id);
  const author = await createUser(database.db, company.id, { profile: "admin" });
  const [personal] = await database.db
    .insert(quickMessages)
    .values({ companyId: company.id, userId: owner.id, shortcode: "meu", message: "pessoal" })
    .returning();
  const [general] = await database.db
    .insert(quickMessages)
    .values({ companyId: company.id, userId: author.id, shortcode: "todos", message: "geral", geral: true })
    .returning();
  const tokenOf = async (profile: Profile) => {
    const user = await createUser(database.db, company.id, { profile });
    return (await login(app, user.email, user.password)).token;
  };
  return {
    company,
    owner,
    ownerToken: (await login(app, owner.email, owner.password)).token,
    personalId: personal!.id,
    generalId: general!.id,
    tokenOf,
  };
}
const put = (token: string, id: number, payload: Record<string, unknown>) =>
  app.inject({ method: "PUT", url: `/quick-messages/${id}`, headers: bearer(token), payload });
const del = (token: string, id: number) => app.inject({ method: "DELETE", url: `/quick-messages/${id}`, headers: bearer(token) });
const get = (token: string, id: number) => app.inject({ method: "GET", url: `/quick-messages/${id}`, headers: bearer(token) });

describe("editing and deleting quick messages", () => {
  it("lets a user edit and delete their own personal message", async () => {
    const { ownerToken, personalId } = await scenario();
    const res = await put(ownerToken, personalId, { shortcode: "meu2", message: "novo texto" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ shortcode: "meu2", message: "novo texto", geral: false });
    expect((await del(ownerToken, personalId)).statusCode).toBe(204);
    expect((await get(ownerToken, personalId)).statusCode).toBe(404);
  });

  it("refuses a user the general messages (403) and hides colleagues' personal ones (404)", async () => {
    const { personalId, generalId, tokenOf } = await scenario();
    const colleague = await tokenOf("user");
    expect((await get(colleague, generalId)).statusCode).toBe(200);
    expect((await put(colleague, generalId, { shortcode: "x" })).json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await del(colleague, generalId)).json()).toEqual({ error: "ERR_NO_PERMISSION" });
    for (const res of [await get(colleague, personalId), await put(colleague, personalId, { shortcode: "x" }), await del(colleague, personalId)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "ERR_NOT_FOUND" });
    }
  });

  it("lets a supervisor edit and delete general messages without changing the flag", async () => {
    const { generalId, tokenOf } = await scenario();
    const supervisor = await tokenOf("supervisor");
    expect((await put(supervisor, generalId, { shortcode: "todos", message: "editado", geral: true })).json()).toMatchObject({ message: "editado", geral: true });
    expect((await put(supervisor, generalId, { shortcode: "todos", geral: false })).json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await del(supervisor, generalId)).statusCode).toBe(204);
  });

  it("does not let a user make their own message general", async () => {
    const { ownerToken, personalId } = await scenario();
    expect((await put(ownerToken, personalId, { shortcode: "meu", geral: true })).json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });

  it("lets an admin turn a general message personal, withdrawing it from the company", async () => {
    const { company, generalId, tokenOf } = await scenario();
    const admin = await tokenOf("admin");
    // The admin is not the author: a colleague's personal message is not theirs to see afterwards.
    const toCompany = vi.spyOn(app.deps.realtime, "toCompany");
    const res = await put(admin, generalId, { shortcode: "todos", geral: false });
    expect(res.json()).toMatchObject({ geral: false });
    expect(toCompany).toHaveBeenCalledWith(company.id, companyEvent.quickMessage(company.id), { action: "delete", quickMessageId: generalId });
    toCompany.mockRestore();
    expect((await get(admin, generalId)).statusCode).toBe(404);
  });

  it("answers 404 for another company's message, even to its admin", async () => {
    const mine = await scenario();
    const theirs = await scenario();
    const admin = await mine.tokenOf("admin");
    expect((await get(admin, theirs.generalId)).statusCode).toBe(404);
    expect((await put(admin, theirs.generalId, { shortcode: "x" })).statusCode).toBe(404);
    expect((await del(admin, theirs.generalId)).statusCode).toBe(404);
  });
});
