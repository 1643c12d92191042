import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { contacts } from "../db/schema.js";
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

describe("message variables in an agent's text (a quick message)", () => {
  it("fills {{firstName}}, {{name}} and {{protocol}} as the automatic texts do; unknown ones stay", async () => {
    const { say, received, ticket, contact, agent } = await conversationFixture(app, database, "5511990007771");
    await database.db.update(contacts).set({ name: "Maria Clara Souza" }).where(eq(contacts.id, contact.id));
    const sent = await say(`*${agent.name}*:\nOlá {{firstName}}! Cadastro: {{ name }}. {{desconhecida}}`);
    expect(sent.body).toBe(`*${agent.name}*:\nOlá Maria! Cadastro: Maria Clara Souza. {{desconhecida}}`);
    await eventually(async () => (await received()).length === 1, 10_000);
    expect((await received())[0]!.body).toBe(sent.body);

    const protocol = await say("Protocolo {{protocol}}");
    expect(protocol.body).toMatch(new RegExp(`^Protocolo \\d{8}${ticket.id}$`));
  });
});
