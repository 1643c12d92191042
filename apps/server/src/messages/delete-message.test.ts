import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { messages } from "../db/schema.js";
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

describe("DELETE /messages/{id}", () => {
  it("revokes the sender's message for the customer and keeps it marked deleted", async () => {
    const { say, asAgent, received, row } = await conversationFixture(app, database);
    const sent = await say("Enviei errado");
    const res = await app.inject({ method: "DELETE", url: `/messages/${sent.id}`, headers: asAgent });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(sent.id)).toMatchObject({ isDeleted: true });
    expect((await received())[0]).toMatchObject({ deleted: true });
    // Twice is a refusal, not a second revoke.
    expect((await app.inject({ method: "DELETE", url: `/messages/${sent.id}`, headers: asAgent })).json().error).toBe("ERR_DELETE_WAPP_MSG");
  });

  it("refuses a customer's message and another agent's", async () => {
    const { say, asAgent, asAdmin, company, ticket, contact, connection } = await conversationFixture(app, database);
    const sent = await say("Do agente");
    expect((await app.inject({ method: "DELETE", url: `/messages/${sent.id}`, headers: asAdmin })).statusCode).toBe(403);
    const [inbound] = await database.db
      .insert(messages)
      .values({ companyId: company.id, ticketId: ticket.id, whatsappId: connection.id, chatContactId: contact.id, contactId: contact.id, providerId: "in-1", body: "Do cliente" })
      .returning();
    expect((await app.inject({ method: "DELETE", url: `/messages/${inbound!.id}`, headers: asAgent })).statusCode).toBe(403);
  });
});
