import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { tags } from "../db/schema.js";
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

async function companyWithTag(kanban = false) {
  const company = await createCompany(database.db);
  const [tag] = await database.db.insert(tags).values({ companyId: company.id, name: "Lead", color: "#00ff00", kanban }).returning();
  const as = async (profile: "user" | "supervisor" | "admin") => {
    const user = await createUser(database.db, company.id, { profile });
    return (await login(app, user.email, user.password)).token;
  };
  return { company, tagId: tag!.id, as };
}
const put = (token: string, id: number, payload: Record<string, unknown>) =>
  app.inject({ method: "PUT", url: `/tags/${id}`, headers: bearer(token), payload });
const del = (token: string, id: number) => app.inject({ method: "DELETE", url: `/tags/${id}`, headers: bearer(token) });

describe("PUT and DELETE /tags/{id}", () => {
  it("lets an agent rename and recolour, sending the kanban flag unchanged or not at all", async () => {
    const { tagId, as } = await companyWithTag(true);
    const agent = await as("user");
    expect((await put(agent, tagId, { name: "Lead quente", color: "#ff0000", kanban: true })).json()).toMatchObject({
      name: "Lead quente",
      color: "#ff0000",
      kanban: true,
    });
    expect((await put(agent, tagId, { name: "Lead frio", color: "#0000ff" })).json()).toMatchObject({ name: "Lead frio", kanban: true });
  });

  it("lets only admins and supervisors change the kanban flag", async () => {
    const { tagId, as } = await companyWithTag(false);
    const refused = await put(await as("user"), tagId, { name: "Lead", color: "#00ff00", kanban: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await put(await as("supervisor"), tagId, { name: "Lead", color: "#00ff00", kanban: true })).json().kanban).toBe(true);
    expect((await put(await as("admin"), tagId, { name: "Lead", color: "#00ff00", kanban: false })).json().kanban).toBe(false);
  });

  it("refuses another tag's name", async () => {
    const { company, tagId, as } = await companyWithTag();
    await database.db.insert(tags).values({ companyId: company.id, name: "Cliente", color: "#000000" });
    const token = await as("user");
    expect((await put(token, tagId, { name: "cliente", color: "#00ff00" })).json()).toEqual({ error: "ERR_TAG_NAME_ALREADY_EXISTS" });
    expect((await put(token, tagId, { name: "LEAD", color: "#00ff00" })).statusCode).toBe(200);
  });

  it("deletes a tag; a kanban lane only by admins and supervisors", async () => {
    const plain = await companyWithTag(false);
    expect((await del(await plain.as("user"), plain.tagId)).statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: `/tags/${plain.tagId}`, headers: bearer(await plain.as("user")) })).statusCode).toBe(404);

    const lane = await companyWithTag(true);
    expect((await del(await lane.as("user"), lane.tagId)).json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await del(await lane.as("supervisor"), lane.tagId)).statusCode).toBe(204);
  });

  it("answers 404 for another company's tag", async () => {
    const mine = await companyWithTag();
    const theirs = await companyWithTag();
    const token = await mine.as("admin");
    expect((await put(token, theirs.tagId, { name: "Minha", color: "#111111" })).statusCode).toBe(404);
    expect((await del(token, theirs.tagId)).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `/tags/${theirs.tagId}`, headers: bearer(token) })).statusCode).toBe(404);
  });
});
