import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { companyEvent } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { queues, userQueues } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { multipart, SAMPLE_FILES } from "../test/multipart.js";

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

describe("DELETE /queue/{id}", () => {
  it("deletes the queue, its user links and its attachment, and tells the company", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const agent = await createUser(database.db, company.id);
    const { token } = await login(app, admin.email, admin.password);
    const [queue] = await database.db.insert(queues).values({ companyId: company.id, name: "Vendas", color: "#ff0000" }).returning();
    await database.db.insert(userQueues).values({ companyId: company.id, userId: agent.id, queueId: queue!.id });
    const upload = multipart({ name: "menu.pdf", type: "application/pdf", data: SAMPLE_FILES.pdf });
    const uploaded = await app.inject({ method: "POST", url: `/queue/${queue!.id}/media-upload`, headers: { ...bearer(token), ...upload.headers }, payload: upload.payload });
    const mediaPath = uploaded.json().mediaPath as string;
    expect(await app.deps.storage.exists(mediaPath)).toBe(true);

    const emitted = vi.spyOn(app.deps.realtime, "toCompany");
    const res = await app.inject({ method: "DELETE", url: `/queue/${queue!.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(204);
    expect(emitted).toHaveBeenCalledWith(company.id, companyEvent.queue(company.id), { action: "delete", queueId: queue!.id });
    emitted.mockRestore();
    expect(await database.db.select().from(queues).where(eq(queues.id, queue!.id))).toEqual([]);
    expect(await database.db.select().from(userQueues).where(eq(userQueues.queueId, queue!.id))).toEqual([]);
    expect(await app.deps.storage.exists(mediaPath)).toBe(false);
    expect((await app.inject({ method: "DELETE", url: `/queue/${queue!.id}`, headers: bearer(token) })).statusCode).toBe(404);
  });

  it("is refused to agents and supervisors, and to another company's admin", async () => {
    const company = await createCompany(database.db);
    const [queue] = await database.db.insert(queues).values({ companyId: company.id, name: "Suporte", color: "#00ff00" }).returning();
    for (const profile of ["user", "supervisor"] as const) {
      const user = await createUser(database.db, company.id, { profile });
      const { token } = await login(app, user.email, user.password);
      const res = await app.inject({ method: "DELETE", url: `/queue/${queue!.id}`, headers: bearer(token) });
      expect(res.json(), profile).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    const other = await createCompany(database.db);
    const foreignAdmin = await createUser(database.db, other.id, { profile: "admin" });
    const { token } = await login(app, foreignAdmin.email, foreignAdmin.password);
    expect((await app.inject({ method: "DELETE", url: `/queue/${queue!.id}`, headers: bearer(token) })).statusCode).toBe(404);
    expect(await database.db.select().from(queues).where(eq(queues.id, queue!.id))).toHaveLength(1);
  });
});
