import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
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

describe("POST /messages/{id}/reactions", () => {
  it("reacts once per message: a second emoji replaces the first, for the customer too", async () => {
    const { say, asAgent, received, ticket } = await conversationFixture(app, database);
    const sent = await say("Pedido confirmado");
    const react = (type: string) => app.inject({ method: "POST", url: `/messages/${sent.id}/reactions`, headers: asAgent, payload: { type } });
    expect((await react("👍")).statusCode).toBe(200);
    expect((await react("❤️")).json()).toMatchObject({ mediaType: "reactionMessage", body: "❤️", data: { targetId: sent.id } });
    const rows = await database.db.select().from(messages).where(and(eq(messages.ticketId, ticket.id), eq(messages.mediaType, "reactionMessage")));
    expect(rows.map((r) => r.body)).toEqual(["❤️"]);
    expect((await received())[0]!.reactions.map((r) => r.emoji)).toEqual(["❤️"]);
  });

  it("refuses a ticket the agent may not see", async () => {
    const { say } = await conversationFixture(app, database);
    const sent = await say("Oi");
    const other = await conversationFixture(app, database, "5511990004446");
    const res = await app.inject({ method: "POST", url: `/messages/${sent.id}/reactions`, headers: other.asAgent, payload: { type: "👍" } });
    expect(res.statusCode).toBe(404);
  });
});
