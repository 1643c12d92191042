import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COLOR_PALETTE, companyEvent } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { tagUniqueViolation } from "./assert-tag-unique.js";
import { tags } from "../db/schema.js";

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
const post = (token: string, payload: Record<string, unknown>) => app.inject({ method: "POST", url: "/tags", headers: bearer(token), payload });

describe("POST /tags", () => {
  it("gives a tag sent without a colour (as the spec's client may) a palette colour the company does not use yet", async () => {
    const { as } = await companyWithUsers();
    const { token } = await as("user");
    const first = await post(token, { name: "Sem cor" });
    expect(first.statusCode, first.body).toBe(201);
    const second = await post(token, { name: "Outra sem cor" });
    expect(second.statusCode, second.body).toBe(201);
    const colors = [first.json<{ color: string }>().color, second.json<{ color: string }>().color];
    for (const color of colors) expect(COLOR_PALETTE).toContain(color);
    expect(colors[0]).not.toBe(colors[1]);
  });

  it("lets an agent add a tag, recording who, and tells the company", async () => {
    const { company, as } = await companyWithUsers();
    const { user, token } = await as("user");
    const emitted = vi.spyOn(app.deps.realtime, "toCompany");
    const res = await post(token, { name: "Cliente VIP", color: "#ffcc00" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: "Cliente VIP", color: "#ffcc00", kanban: false, ticketsCount: 0, userId: user.id });
    expect(emitted).toHaveBeenCalledWith(company.id, companyEvent.tag(company.id), { action: "create", tag: res.json() });
    emitted.mockRestore();
  });

  it("validates with the tag dialog's messages", async () => {
    const { as } = await companyWithUsers();
    const { token } = await as("user");
    const short = await post(token, { name: "ab", color: "#ffcc00" });
    expect(short.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.name", message: "validation.messageTooShort" }] });
    const missing = await post(token, { name: " ", color: "" });
    expect(missing.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.required" },
        { path: "body.color", message: "validation.required" },
      ]),
    );
  });

  it("refuses a name the company already has, whatever the case", async () => {
    const { as } = await companyWithUsers();
    const { token } = await as("user");
    expect((await post(token, { name: "Urgente", color: "#ff0000" })).statusCode).toBe(201);
    const dup = await post(token, { name: "URGENTE", color: "#00ff00" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: "ERR_TAG_NAME_ALREADY_EXISTS" });
    const other = await companyWithUsers();
    expect((await post((await other.as("user")).token, { name: "Urgente", color: "#ff0000" })).statusCode).toBe(201);
  });

  it("maps the unique index to the code when a race gets past the check", async () => {
    const { company } = await companyWithUsers();
    await database.db.insert(tags).values({ companyId: company.id, name: "Dupla", color: "#000000" });
    const error = await database.db
      .insert(tags)
      .values({ companyId: company.id, name: "Dupla", color: "#111111" })
      .then(() => null, (err: unknown) => err);
    expect(tagUniqueViolation(error)).toMatchObject({ code: "ERR_TAG_NAME_ALREADY_EXISTS", statusCode: 409 });
  });

  it("lets only admins and supervisors make a kanban tag", async () => {
    const { as } = await companyWithUsers();
    const agent = await as("user");
    const refused = await post(agent.token, { name: "Negociação", color: "#0000ff", kanban: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await post(agent.token, { name: "Negociação", color: "#0000ff", kanban: false })).statusCode).toBe(201);
    for (const profile of ["supervisor", "admin"] as const) {
      const res = await post((await as(profile)).token, { name: `Lane ${profile}`, color: "#0000ff", kanban: true });
      expect(res.json(), profile).toMatchObject({ kanban: true });
    }
  });
});
