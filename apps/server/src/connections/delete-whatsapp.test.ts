import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent, type WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { sessionLeases, users, whatsapps } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { getDefaultWhatsapp } from "./get-default-whatsapp.js";
import { captureEvents, connectionRow, connectionsCompany, type Emitted } from "./test-support.js";

let database: Database;
let app: TestApp;
let emitted: Emitted[];
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  emitted = captureEvents(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("DELETE /whatsapp/{id}", () => {
  it("stops the session, hands the default flag to the oldest remaining connection, and allows deleting the last one", async () => {
    const { company, admin, asAdmin } = await connectionsCompany(app, database.db);
    const create = async (name: string) => (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name } })).json<WhatsAppView>();
    const first = await create("Primeira");
    const second = await create("Segunda");
    const third = await create("Terceira");
    await database.db.update(users).set({ whatsappId: first.id }).where(eq(users.id, admin.id));
    expect(app.deps.sessions.isRunningHere(first.id)).toBe(true);

    const mark = emitted.length;
    const res = await app.inject({ method: "DELETE", url: `/whatsapp/${first.id}`, headers: asAdmin });
    expect(res.statusCode).toBe(204);
    expect(app.deps.sessions.isRunningHere(first.id)).toBe(false);
    expect(await connectionRow(database.db, first.id)).toBeUndefined();
    expect(await database.db.select().from(sessionLeases).where(eq(sessionLeases.whatsappId, first.id))).toEqual([]);
    expect((await getDefaultWhatsapp(database.db, company.id)).id).toBe(second.id);
    expect((await database.db.select().from(users).where(eq(users.id, admin.id)))[0]!.whatsappId).toBeNull();
    const events = emitted.slice(mark).filter((e) => e.event === companyEvent.whatsapp(company.id)).map((e) => e.payload);
    expect(events).toEqual([{ action: "delete", whatsappId: first.id }, expect.objectContaining({ action: "update", whatsapp: expect.objectContaining({ id: second.id, isDefault: true }) })]);

    // A non-default goes without moving the flag; the last one may go too.
    for (const id of [third.id, second.id]) expect((await app.inject({ method: "DELETE", url: `/whatsapp/${id}`, headers: asAdmin })).statusCode).toBe(204);
    expect(await database.db.select().from(whatsapps).where(eq(whatsapps.companyId, company.id))).toEqual([]);
    await expect(getDefaultWhatsapp(database.db, company.id)).rejects.toMatchObject({ code: "ERR_NO_DEF_WAPP_FOUND", statusCode: 404 });
  });

  it("answers ERR_NO_WAPP_FOUND twice over, and refuses agents", async () => {
    const { asAdmin, asAgent } = await connectionsCompany(app, database.db);
    const created = (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Única" } })).json<WhatsAppView>();
    expect((await app.inject({ method: "DELETE", url: `/whatsapp/${created.id}`, headers: asAgent })).statusCode).toBe(403);
    expect((await app.inject({ method: "DELETE", url: `/whatsapp/${created.id}`, headers: asAdmin })).statusCode).toBe(204);
    const again = await app.inject({ method: "DELETE", url: `/whatsapp/${created.id}`, headers: asAdmin });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe("ERR_NO_WAPP_FOUND");
  });
});
