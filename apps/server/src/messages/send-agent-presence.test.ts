import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { captureEvents, type Emitted } from "../connections/test-support.js";
import { conversationFixture } from "./test-support.js";

let database: Database;
let app: TestApp;
let emitted: Emitted[];
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  emitted = captureEvents(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("POST /messages/{ticketId}/presence", () => {
  it("shows the customer that the agent is typing", async () => {
    const { ticket, asAgent, connection } = await conversationFixture(app, database);
    const res = await app.inject({ method: "POST", url: `/messages/${ticket.id}/presence`, headers: asAgent, payload: { presence: "composing" } });
    expect(res.json()).toEqual({ sent: true });
    // The simulator page (the customer's phone) is told.
    expect(emitted.map((e) => e.payload)).toContainEqual({ action: "presence", whatsappId: connection.id, chat: "5511990004444", presence: "composing" });
  });

  it("refuses a ticket of another company and bad values", async () => {
    const { ticket } = await conversationFixture(app, database);
    const other = await conversationFixture(app, database, "5511990004448");
    expect((await app.inject({ method: "POST", url: `/messages/${ticket.id}/presence`, headers: other.asAgent, payload: { presence: "composing" } })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `/messages/${ticket.id}/presence`, headers: other.asAgent, payload: { presence: "dancing" } })).statusCode).toBe(400);
  });
});
