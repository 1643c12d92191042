import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companies, simulatorContacts, whatsapps } from "../db/schema.js";
import { bearer, createTestApp, login, openInMemoryTestDatabase } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { seedDatabase } from "./seed-database.js";
import { DEMO_CONNECTION_NAME, DEMO_CUSTOMERS } from "./seed-demo-connection.js";

describe("demo connection", () => {
  it("comes up CONNECTED at the first start, without a scan, as the demo company's default", async () => {
    // Its own empty database: seeding only happens when there is no company at all.
    const database = await openInMemoryTestDatabase();
    try {
      await seedDatabase(database.db, { adminEmail: "root@atendo.test", demoPassword: "demo-pass", seedDemo: true, simulatorEnabled: true });
      const [demo] = await database.db.select().from(companies).where(eq(companies.name, "Empresa Demo"));
      const customers = await database.db.select().from(simulatorContacts).where(eq(simulatorContacts.companyId, demo!.id));
      expect(customers.map((c) => c.number).sort()).toEqual(DEMO_CUSTOMERS.map((c) => c.number).sort());

      // As at a real start: the boot sweep starts what should run.
      const app = await createTestApp(database, { sessionSweep: true });
      try {
        const [row] = await database.db.select().from(whatsapps).where(eq(whatsapps.companyId, demo!.id));
        await eventually(async () => (await database.db.select().from(whatsapps).where(eq(whatsapps.id, row!.id)))[0]!.status === "CONNECTED", 10_000);
        const admin = await login(app, "admin@demo.test", "demo-pass");
        const list = (await app.inject({ method: "GET", url: "/whatsapp/", headers: bearer(admin.token) })).json();
        expect(list).toEqual([expect.objectContaining({ name: DEMO_CONNECTION_NAME, provider: "simulator", isDefault: true, status: "CONNECTED", qrcode: "" })]);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });

  it("is not created when the simulator is off", async () => {
    const database = await openInMemoryTestDatabase();
    try {
      await seedDatabase(database.db, { adminEmail: "root@atendo.test", demoPassword: "demo-pass", seedDemo: true, simulatorEnabled: false });
      expect(await database.db.select().from(whatsapps)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
