import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { connectionsCompany, waitForStatus } from "../connections/test-support.js";

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

describe("POST /contacts/import (the phone's address book)", () => {
  it("needs a default connection", async () => {
    const { asAgent } = await connectionsCompany(app, database.db);
    const res = await app.inject({ method: "POST", url: "/contacts/import", headers: asAgent });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_NO_DEF_WAPP_FOUND" });
  });

  it("copies the phone's contacts once, keeping names people typed here", async () => {
    const { company, asAdmin, asAgent } = await connectionsCompany(app, database.db);
    const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Celular", provider: "simulator" } })).json<WhatsAppView>();
    const importNow = () => app.inject({ method: "POST", url: "/contacts/import", headers: asAgent });
    // Not connected yet: nothing to read.
    await app.deps.sessions.stopSession(connection.id);
    expect((await importNow()).json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED" });

    await app.deps.sessions.startSession(connection.id);
    const qrcode = (await app.inject({ method: "GET", url: `/whatsapp/${connection.id}`, headers: asAdmin })).json<WhatsAppView>().qrcode;
    await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers: asAdmin, payload: { qrcode } });
    await waitForStatus(database.db, connection.id, "CONNECTED");
    for (const [name, number] of [["Ana Lima", "5511987650201"], ["Bruno", "5511987650202"], ["Carla", "5521987650203"]]) {
      await app.inject({ method: "POST", url: `/simulator/${connection.id}/contacts`, headers: asAdmin, payload: { name, number } });
    }
    // Bruno is already here, under the name an agent gave him (and by the old 8-digit form of his number).
    await database.db.insert(contacts).values({ companyId: company.id, name: "Bruno (fornecedor)", number: "551187650202", canonicalNumber: "5511987650202" });

    const first = await importNow();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ total: 3, created: 2, updated: 1, skipped: 0 });
    const again = await importNow();
    expect(again.json()).toEqual({ total: 3, created: 0, updated: 3, skipped: 0 });

    const rows = await database.db.select({ name: contacts.name, number: contacts.number }).from(contacts).where(eq(contacts.companyId, company.id)).orderBy(contacts.name);
    expect(rows).toEqual([
      { name: "Ana Lima", number: "5511987650201" },
      { name: "Bruno (fornecedor)", number: "551187650202" },
      { name: "Carla", number: "5521987650203" },
    ]);
  });
});
