import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../db/client.js";
import { settings, whatsapps } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { cachedFlowState } from "../tickets/flow/load-flow-state.js";

let database: Database;
let app: TestApp;
/** On PostgreSQL: a second process's view of the same database (its own pool, its own app and cache). */
let otherDatabase: Database | undefined;
let other: TestApp | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  await app.deps.cache.ready();
  const url = inject("databaseUrl");
  if (url) {
    otherDatabase = await openDatabase({ databaseUrl: url, migrate: false });
    other = await createTestApp(otherDatabase);
    await other.deps.cache.ready();
  }
});
afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await app.close();
  await database.close();
});

async function setSetting(db: Database["db"], companyId: number, key: string, value: string) {
  await db
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value: sql`excluded.value` } });
}

describe("company cache", () => {
  it("serves a company's values without the database until a row of theirs changes, then reloads", async () => {
    const company = await createCompany(database.db);
    const state = () => cachedFlowState(app.deps.cache, database.db, company.id);
    expect((await state().settings()).userRating).toBe("disabled");
    // (On PostgreSQL the company's own creation may still be on its way as an invalidation: asked until it hit.)
    const hitsOfOneRead = async (userRating: string) => {
      const before = app.deps.cache.stats();
      expect((await state().settings()).userRating).toBe(userRating);
      const after = app.deps.cache.stats();
      return { hits: after.hits - before.hits, misses: after.misses - before.misses };
    };
    await expect.poll(() => hitsOfOneRead("disabled"), { timeout: 1000, interval: 5 }).toEqual({ hits: 1, misses: 0 });

    // Any write path: here a plain statement, which no code of the cache knows about.
    await setSetting(database.db, company.id, "userRating", "enabled");
    await expect.poll(async () => (await state().settings()).userRating, { timeout: 1000, interval: 10 }).toBe("enabled");
    // On PostgreSQL a load that an invalidation of the company overlaps is answered but not kept (a creation's
    // invalidation still on its way can do that): asked until the new value is served from the cache.
    await expect.poll(() => hitsOfOneRead("enabled"), { timeout: 1000, interval: 5 }).toEqual({ hits: 1, misses: 0 });
    // Another company's change leaves this one's values cached.
    const otherCompany = await createCompany(database.db);
    await setSetting(database.db, otherCompany.id, "userRating", "enabled");
    const hits = app.deps.cache.stats().hits;
    await state().settings();
    expect(app.deps.cache.stats().hits).toBe(hits + 1);
  });

  it("a setting changed in one process takes effect in another within a second (PostgreSQL: two apps on one database)", async () => {
    // On PGlite there is one process: the same app sees its own change at once.
    const writer = otherDatabase ?? database;
    const reader = other ?? app;
    const company = await createCompany(database.db);
    const [connection] = await database.db.insert(whatsapps).values({ companyId: company.id, name: "Cached", provider: "simulator", greetingMessage: "old" }).returning();
    const readerState = () => cachedFlowState(reader.deps.cache, reader.deps.db, company.id);
    expect((await readerState().connection(connection!.id))?.greetingMessage).toBe("old");
    expect((await readerState().settings()).scheduleType).toBe("disabled");

    const changedAt = performance.now();
    await writer.db.update(whatsapps).set({ greetingMessage: "new" }).where(sql`${whatsapps.id} = ${connection!.id}`);
    await setSetting(writer.db, company.id, "scheduleType", "company");
    await expect.poll(async () => (await readerState().connection(connection!.id))?.greetingMessage, { timeout: 1000, interval: 5 }).toBe("new");
    await expect.poll(async () => (await readerState().settings()).scheduleType, { timeout: 1000, interval: 5 }).toBe("company");
    expect(performance.now() - changedAt).toBeLessThan(1000);
    if (!otherDatabase) {
      // PGlite delivers the notification before the write resolves: no wait at all.
      await writer.db.update(whatsapps).set({ greetingMessage: "newer" }).where(sql`${whatsapps.id} = ${connection!.id}`);
      expect((await readerState().connection(connection!.id))?.greetingMessage).toBe("newer");
    }
  });

  it("does not keep a value loaded while its company was invalidated", async () => {
    const company = await createCompany(database.db);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pending = app.deps.cache.get(company.id, "probe", async () => {
      await gate;
      return "stale";
    });
    await setSetting(database.db, company.id, "userRating", "enabled");
    // The invalidation reaches this process (PostgreSQL: over its listening connection).
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    expect(await pending).toBe("stale");
    expect(await app.deps.cache.get(company.id, "probe", async () => "fresh")).toBe("fresh");
  });
});
