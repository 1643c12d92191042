import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companies, plans, users } from "../db/schema.js";
import { createTestApp, login, openInMemoryTestDatabase } from "../test/helpers.js";
import { seedDatabase } from "./seed-database.js";

describe("seedDatabase", () => {
  it("creates the platform super admin and the demo company once, with working logins", async () => {
    // Its own empty database: seeding only happens when there is no company at all.
    const database = await openInMemoryTestDatabase();
    try {
      const logins = await seedDatabase(database.db, { adminEmail: "root@atendo.test", demoPassword: "demo-pass", seedDemo: true });
      expect(logins?.map((l) => l.email)).toEqual(["root@atendo.test", "admin@demo.test", "agent@demo.test"]);
      const generated = logins![0]!.password!;
      expect(generated.length).toBeGreaterThanOrEqual(12);
      expect(await seedDatabase(database.db, { adminEmail: "root@atendo.test", seedDemo: true })).toBeNull();

      const [demo] = await database.db.select().from(companies).where(eq(companies.name, "Empresa Demo"));
      const [plan] = await database.db.select().from(plans).where(eq(plans.id, demo!.planId!));
      expect(plan).toMatchObject({ useCampaigns: true, useKanban: true, useOpenAi: true, useIntegrations: true, useSchedules: true, useInternalChat: true, useExternalApi: true });
      const [root] = await database.db.select().from(users).where(eq(users.email, "root@atendo.test"));
      expect(root).toMatchObject({ super: true, profile: "admin" });

      const app = await createTestApp(database);
      try {
        expect((await login(app, "root@atendo.test", generated)).user.super).toBe(true);
        expect((await login(app, "admin@demo.test", "demo-pass")).user.profile).toBe("admin");
        expect((await login(app, "agent@demo.test", "demo-pass")).user.profile).toBe("user");
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
