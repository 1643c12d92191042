import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { checkNumberOnDefault } from "./check-number-on-default.js";
import { connectionsCompany, waitForStatus } from "./test-support.js";

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

describe("checkNumberOnDefault", () => {
  it("asks the connected default connection, and says unchecked without one", async () => {
    const { company, asAdmin } = await connectionsCompany(app, database.db);
    const check = checkNumberOnDefault(app.deps);
    expect(await check(company.id, "5511987654321")).toBe("unchecked");
    const created = (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Padrão", provider: "simulator" } })).json<WhatsAppView>();
    // Waiting for its QR: not connected yet.
    expect(await check(company.id, "5511987654321")).toBe("unchecked");
    await app.inject({ method: "POST", url: `/simulator/${created.id}/scan`, headers: asAdmin, payload: { qrcode: created.qrcode } });
    await waitForStatus(database.db, created.id, "CONNECTED");
    expect(await check(company.id, "5511987654321")).toBe("valid");
    expect(await check(company.id, "14155552671")).toBe("invalid");
  });

  it("marks a new contact's number through the contacts API", async () => {
    const { asAdmin } = await connectionsCompany(app, database.db);
    const created = (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Padrão", provider: "simulator" } })).json<WhatsAppView>();
    await app.inject({ method: "POST", url: `/simulator/${created.id}/scan`, headers: asAdmin, payload: { qrcode: created.qrcode } });
    await waitForStatus(database.db, created.id, "CONNECTED");
    const foreign = await app.inject({ method: "POST", url: "/contacts", headers: asAdmin, payload: { name: "Fora", number: "+1 415 555 2671" } });
    expect(foreign.json()).toMatchObject({ invalido: true, whatsappCheck: "invalid" });
    const local = await app.inject({ method: "POST", url: "/contacts", headers: asAdmin, payload: { name: "Daqui", number: "(11) 98765-4321" } });
    expect(local.json()).toMatchObject({ invalido: false, whatsappCheck: "valid" });
  });
});
