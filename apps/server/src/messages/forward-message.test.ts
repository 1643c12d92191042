import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { contacts, messages, tickets } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
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

const OTHER = "5511990005555";

describe("POST /message/forward", () => {
  it("sends the message to another contact, signed, in a ticket opened for the agent", async () => {
    const { say, asAgent, agent, company, simulator, received } = await conversationFixture(app, database);
    await simulator("POST", "/contacts", { name: "Outro", number: OTHER });
    const [target] = await database.db.insert(contacts).values({ companyId: company.id, name: "Outro", number: OTHER, canonicalNumber: OTHER }).returning();
    const sent = await say("Segue o endereço: Rua A, 10");
    const res = await app.inject({ method: "POST", url: "/message/forward", headers: asAgent, payload: { messageId: sent.id, contactId: target!.id, signMessage: true } });
    expect(res.statusCode, res.body).toBe(201);
    const [ticket] = await database.db.select().from(tickets).where(and(eq(tickets.contactId, target!.id), ne(tickets.status, "closed")));
    expect(ticket).toMatchObject({ status: "open", userId: agent.id });
    await eventually(async () => (await received(OTHER)).length === 1, 10_000);
    expect((await received(OTHER))[0]!.body).toBe(`*${agent.name}*:\nSegue o endereço: Rua A, 10`);
    const [copy] = await database.db.select().from(messages).where(eq(messages.ticketId, ticket!.id));
    expect(copy).toMatchObject({ isForwarded: true, userId: agent.id });
  });

  it("signs a message that was signed already once, with the forwarding agent's name", async () => {
    const { say, asAgent, agent, company, simulator, received } = await conversationFixture(app, database, "5511990004448");
    const number = "5511990005556";
    await simulator("POST", "/contacts", { name: "Outra", number });
    const [target] = await database.db.insert(contacts).values({ companyId: company.id, name: "Outra", number, canonicalNumber: number }).returning();
    const sent = await say(`*${agent.name}*:\nO pedido saiu hoje`);
    const res = await app.inject({ method: "POST", url: "/message/forward", headers: asAgent, payload: { messageId: sent.id, contactId: target!.id, signMessage: true } });
    expect(res.statusCode, res.body).toBe(201);
    await eventually(async () => (await received(number)).length === 1, 10_000);
    expect((await received(number))[0]!.body).toBe(`*${agent.name}*:\nO pedido saiu hoje`);
  });

  it("refuses a contact of another company", async () => {
    const { say, asAgent } = await conversationFixture(app, database);
    const other = await conversationFixture(app, database, "5511990004447");
    const sent = await say("Oi");
    const res = await app.inject({ method: "POST", url: "/message/forward", headers: asAgent, payload: { messageId: sent.id, contactId: other.contact.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("ERR_NO_CONTACT_FOUND");
  });
});
