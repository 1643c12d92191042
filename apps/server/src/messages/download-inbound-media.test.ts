import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, queues, tickets, userQueues } from "../db/schema.js";
import { bearer, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { connectionsCompany, waitForStatus } from "../connections/test-support.js";
import { downloadInboundMedia } from "./download-inbound-media.js";

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

const context = (lastAttempt = false) => ({ jobId: "x", retryCount: 0, lastAttempt, signal: new AbortController().signal });
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d9c8a40000000049454e44ae426082", "hex");

/** A company with a running simulator connection and a ticket in a queue holding one inbound media message. */
async function setup(file: { data: Buffer; mimetype: string; fileName?: string }, opts: { connect?: boolean } = {}) {
  const ctx = await connectionsCompany(app, database.db);
  const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Mídia", provider: "simulator" } })).json<WhatsAppView>();
  if (opts.connect ?? true) {
    await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers: ctx.asAdmin, payload: { qrcode: connection.qrcode } });
    await waitForStatus(database.db, connection.id, "CONNECTED");
  }
  // The simulator's customers' files live in the company's simulator area; that is what its MediaRef points at.
  const stored = await app.deps.storage.save(ctx.company.id, "simulator", file.fileName ?? "x.bin", file.data);
  const [queue] = await database.db.insert(queues).values({ companyId: ctx.company.id, name: "Fila", color: "#101010" }).returning();
  const [contact] = await database.db.insert(contacts).values({ companyId: ctx.company.id, name: "Cliente", number: "5511990002222", canonicalNumber: "5511990002222" }).returning();
  const [ticket] = await database.db.insert(tickets).values({ companyId: ctx.company.id, contactId: contact!.id, whatsappId: connection.id, queueId: queue!.id }).returning();
  const [message] = await database.db
    .insert(messages)
    .values({
      companyId: ctx.company.id,
      ticketId: ticket!.id,
      whatsappId: connection.id,
      chatContactId: contact!.id,
      contactId: contact!.id,
      providerId: `in-${ticket!.id}`,
      mediaType: file.mimetype.startsWith("image/") ? "image" : "application",
      mimetype: file.mimetype,
      mediaStatus: "pending",
      data: { mediaRef: { provider: "simulator", ref: { path: stored.path } }, ...(file.fileName ? { fileName: file.fileName } : {}) },
    })
    .returning();
  const row = async () => (await database.db.select().from(messages).where(eq(messages.id, message!.id)))[0]!;
  const get = (headers: Record<string, string> = ctx.asAdmin) => app.inject({ method: "GET", url: `/messages/${message!.id}/media`, headers });
  return { ...ctx, connection, queue: queue!, message: message!, row, get };
}

describe("inbound media", () => {
  it("is downloaded from the provider, stored, and served to the company's users who may see the ticket", async () => {
    const { company, message, row, get, queue } = await setup({ data: PNG, mimetype: "image/png" });
    expect((await get()).statusCode).toBe(404);
    await downloadInboundMedia(app.deps, { companyId: company.id, messageId: message.id }, context());
    const stored = await row();
    expect(stored).toMatchObject({ mediaStatus: "ready", mediaName: `image-${message.id}.png` });

    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(res.headers["content-security-policy"])).toContain("sandbox");

    // Without a session, from another company, or as an agent outside the ticket's queue: nothing.
    expect((await get({})).statusCode).toBe(401);
    const other = await connectionsCompany(app, database.db);
    expect((await get(other.asAdmin)).statusCode).toBe(404);
    const outsider = await createUser(database.db, company.id);
    const asOutsider = bearer((await login(app, outsider.email, outsider.password)).token);
    expect((await get(asOutsider)).statusCode).toBe(403);
    const insider = await createUser(database.db, company.id);
    await database.db.insert(userQueues).values({ companyId: company.id, userId: insider.id, queueId: queue.id });
    const asInsider = bearer((await login(app, insider.email, insider.password)).token);
    expect((await get(asInsider)).statusCode).toBe(200);
  });

  it("a page sent as a document is served as a download, never as HTML", async () => {
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const { company, message, get } = await setup({ data: html, mimetype: "text/html", fileName: "promo page.html" });
    await downloadInboundMedia(app.deps, { companyId: company.id, messageId: message.id }, context());
    const res = await get();
    expect(res.headers["content-type"]).toBe("application/octet-stream");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="promo_page.html"');
  });

  it("is retried while the connection is down and marked failed on the last attempt", async () => {
    const { company, message, row, connection } = await setup({ data: PNG, mimetype: "image/png" }, { connect: false });
    await app.deps.sessions.stopSession(connection.id);
    await expect(downloadInboundMedia(app.deps, { companyId: company.id, messageId: message.id }, context(false))).rejects.toThrow();
    expect((await row()).mediaStatus).toBe("pending");
    await downloadInboundMedia(app.deps, { companyId: company.id, messageId: message.id }, context(true));
    expect((await row()).mediaStatus).toBe("failed");
  });
});
