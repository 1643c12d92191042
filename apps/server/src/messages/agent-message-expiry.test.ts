import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { tickets, whatsapps } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { conversationFixture } from "./test-support.js";

let database: Database;
let app: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  // A bot minute of half a second: expiresTicket 1 closes a second after the agent's last message.
  app = await createTestApp(database, { flowMinuteSeconds: 0.5 });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("an agent's message starts the expiry clock", () => {
  it("closes an open ticket with the inactivity message when the customer does not answer in expiresTicket minutes", async () => {
    const { say, ticket, connection, received } = await conversationFixture(app, database);
    await database.db.update(whatsapps).set({ expiresTicket: 1, expiresInactiveMessage: "Encerramos por falta de resposta." }).where(eq(whatsapps.id, connection.id));
    await say("Posso ajudar em algo mais?");
    await eventually(async () => (await database.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0]!.status === "closed", 10_000);
    await eventually(async () => (await received()).some((m) => m.body === "Encerramos por falta de resposta."), 10_000);
  });
});
