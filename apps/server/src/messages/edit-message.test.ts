import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { conversationFixture } from "./test-support.js";

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

describe("POST /messages/edit/{id}", () => {
  it("lets the sender edit their sent text; the customer sees the new text", async () => {
    const { say, asAgent, received, row } = await conversationFixture(app, database);
    const sent = await say("Reunião às 15h");
    const res = await app.inject({ method: "POST", url: `/messages/edit/${sent.id}`, headers: asAgent, payload: { body: "Reunião às 16h" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ body: "Reunião às 16h", isEdited: true });
    expect(await row(sent.id)).toMatchObject({ body: "Reunião às 16h", isEdited: true });
    expect((await received())[0]).toMatchObject({ body: "Reunião às 16h", edited: true });
  });

  it("refuses anyone but the sender, and a message of another company", async () => {
    const { say, asAdmin, row } = await conversationFixture(app, database);
    const sent = await say("Original");
    const byAdmin = await app.inject({ method: "POST", url: `/messages/edit/${sent.id}`, headers: asAdmin, payload: { body: "Mudado" } });
    expect(byAdmin.statusCode).toBe(403);
    const other = await conversationFixture(app, database, "5511990004445");
    const foreign = await app.inject({ method: "POST", url: `/messages/edit/${sent.id}`, headers: other.asAgent, payload: { body: "Mudado" } });
    expect(foreign.statusCode).toBe(404);
    expect((await row(sent.id)).body).toBe("Original");
  });
});
