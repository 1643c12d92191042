import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { TicketPage } from "@atendo/shared";
import { companies, messages, queues, simulatorMessages, tickets, whatsappQueues, whatsapps } from "../db/schema.js";
import { bearer, createTestApp, login, openInMemoryTestDatabase } from "../test/helpers.js";
import { seedDatabase } from "./seed-database.js";
import { DEMO_CUSTOMERS } from "./seed-demo-connection.js";
import { seedDemoTickets } from "./seed-demo-tickets.js";

describe("demo conversations", () => {
  it("gives the demo company queues and a living inbox at the first seed, once", async () => {
    // Its own empty database: seeding only happens when there is no company at all.
    const database = await openInMemoryTestDatabase();
    try {
      await seedDatabase(database.db, { adminEmail: "root@atendo.test", demoPassword: "demo-pass", seedDemo: true, simulatorEnabled: true });
      const [demo] = await database.db.select().from(companies).where(eq(companies.name, "Empresa Demo"));
      const [connection] = await database.db.select().from(whatsapps).where(eq(whatsapps.companyId, demo!.id));
      const linked = await database.db
        .select({ name: queues.name })
        .from(whatsappQueues)
        .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
        .where(eq(whatsappQueues.whatsappId, connection!.id))
        .orderBy(asc(queues.orderQueue));
      expect(linked.map((q) => q.name)).toEqual(["Vendas", "Suporte"]);
      expect(connection!.greetingMessage).not.toBe("");

      const rows = await database.db.select().from(tickets).where(eq(tickets.companyId, demo!.id)).orderBy(asc(tickets.id));
      expect(rows.map((t) => [t.status, t.flowStep])).toEqual([
        ["pending", null],
        ["open", null],
        ["closed", null],
        ["pending", "menu"],
      ]);
      const menu = rows[3]!;
      expect(menu.queueId).toBeNull();
      expect(menu.lastMessage).toContain("*1* - Vendas\n*2* - Suporte");
      expect(menu.flowHandledMessageId).not.toBeNull();

      // Every stored message is also in the simulator, under the same provider id.
      const stored = await database.db.select().from(messages).where(eq(messages.companyId, demo!.id));
      const simulated = await database.db.select().from(simulatorMessages).where(eq(simulatorMessages.companyId, demo!.id));
      expect(stored.length).toBeGreaterThanOrEqual(8);
      expect(simulated.map((m) => m.messageId).sort()).toEqual(stored.map((m) => m.providerId).sort());
      expect(new Set(simulated.map((m) => m.chat))).toEqual(new Set(DEMO_CUSTOMERS.map((c) => c.number)));

      const app = await createTestApp(database);
      try {
        const agent = bearer((await login(app, "agent@demo.test", "demo-pass")).token);
        const admin = bearer((await login(app, "admin@demo.test", "demo-pass")).token);
        const names = async (headers: Record<string, string>, query: string) =>
          (await app.inject({ method: "GET", url: `/tickets?${query}`, headers })).json<TicketPage>().tickets.map((t) => [t.contact.name, t.status]);
        expect(await names(agent, "status=pending")).toEqual([["Carla Cliente", "pending"]]);
        expect(await names(agent, "status=open")).toEqual([["Diego Souza", "open"]]);
        expect(await names(agent, "status=closed")).toEqual([["Elaine Costa", "closed"]]);
        expect(await names(admin, "status=pending&showAll=true")).toEqual([
          ["Elaine Costa", "pending"],
          ["Carla Cliente", "pending"],
        ]);
      } finally {
        await app.close();
      }

      // Only the first seed: neither a second seed nor a second call adds conversations.
      expect(await seedDatabase(database.db, { adminEmail: "root@atendo.test", seedDemo: true, simulatorEnabled: true })).toBeNull();
      await database.db.transaction((tx) => seedDemoTickets(tx, demo!.id));
      expect(await database.db.select().from(tickets).where(eq(tickets.companyId, demo!.id))).toHaveLength(4);
    } finally {
      await database.close();
    }
  });
});
