import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, tickets } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { multipart, SAMPLE_FILES } from "../test/multipart.js";
import { connectionsCompany } from "../connections/test-support.js";

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

/** Core-service section 8: ERR_CREATING_MESSAGE, "creation failed", where a message cannot be created. */
describe("POST /messages/{ticketId} when the message cannot be created", () => {
  it("answers ERR_CREATING_MESSAGE (503) and creates nothing when its attachment cannot be stored", async () => {
    const ctx = await connectionsCompany(app, database.db);
    const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Envio", provider: "simulator" } })).json<WhatsAppView>();
    const [contact] = await database.db.insert(contacts).values({ companyId: ctx.company.id, name: "Cliente", number: "5511990007777", canonicalNumber: "5511990007777" }).returning();
    const [ticket] = await database.db
      .insert(tickets)
      .values({ companyId: ctx.company.id, contactId: contact!.id, whatsappId: connection.id, userId: ctx.admin.id, status: "open" })
      .returning();
    const save = vi.spyOn(app.deps.storage, "save").mockRejectedValueOnce(new Error("ENOSPC: no space left on device"));

    // The multipart form exactly as the spec's client sends it: medias, body, fromMe.
    const form = multipart({ field: "medias", name: "foto.png", type: "image/png", data: SAMPLE_FILES.png }, { body: "Segue a foto", fromMe: "true" });
    const res = await app.inject({ method: "POST", url: `/messages/${ticket!.id}`, headers: { ...ctx.asAdmin, ...form.headers }, payload: form.payload });
    save.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: "ERR_CREATING_MESSAGE" });
    expect(await database.db.select().from(messages).where(eq(messages.ticketId, ticket!.id))).toHaveLength(0);
  });
});
