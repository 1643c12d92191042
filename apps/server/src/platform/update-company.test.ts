import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_EVENTS, type PlatformCompanyView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { connectSocket, connected, listen, nextEvent } from "../test/socket-client.js";
import { signedIn, superAdmin, unique } from "./test-support.js";

let database: Database;
let app: TestApp;
let url: string;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  url = await listen(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const put = (headers: Record<string, string>, id: number, payload: unknown) =>
  app.inject({ method: "PUT", url: `/companies/${id}`, headers, payload: payload as object });

describe("PUT /companies/{id}", () => {
  it("changes only the fields sent: plan, due date, recurrence, approval, campaigns", async () => {
    const { headers } = await superAdmin(app, database.db);
    const target = await createCompany(database.db, { email: "antes@x.test", phone: "11" });
    const otherPlan = (await createCompany(database.db)).planId!;
    const res = await put(headers, target.id, { planId: otherPlan, dueDate: "2031-05-01", recurrence: "ANUAL", campaignsEnabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json<PlatformCompanyView>()).toMatchObject({
      id: target.id,
      name: target.name,
      email: "antes@x.test",
      phone: "11",
      planId: otherPlan,
      dueDate: "2031-05-01",
      recurrence: "ANUAL",
      campaignsEnabled: false,
      status: true,
    });
    const cleared = await put(headers, target.id, { dueDate: null, phone: "" });
    expect(cleared.json()).toMatchObject({ dueDate: null, phone: null, recurrence: "ANUAL" });
  });

  it("blocking a company refuses its users at login and ends their open sessions and sockets with ERR_COMPANY_INACTIVE", async () => {
    const { headers } = await superAdmin(app, database.db);
    const target = await createCompany(database.db);
    const member = await createUser(database.db, target.id, { profile: "admin" });
    const session = await login(app, member.email, member.password);
    const socket = connectSocket(url, session.token);
    await connected(socket);
    const told = nextEvent<{ error: string }>(socket, SERVER_EVENTS.sessionExpired);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    const res = await put(headers, target.id, { status: false });
    expect(res.json()).toMatchObject({ status: false });
    expect(await told).toEqual({ error: "ERR_COMPANY_INACTIVE" });
    expect(await closed).toBe("io server disconnect");

    const next = await app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.token) });
    expect(next.statusCode).toBe(401);
    expect(next.json()).toEqual({ error: "ERR_COMPANY_INACTIVE" });
    const again = await app.inject({ method: "POST", url: "/auth/login", payload: { email: member.email, password: member.password } });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: "ERR_COMPANY_INACTIVE" });

    // Enabled again: they sign in as before.
    await put(headers, target.id, { status: true });
    expect((await login(app, member.email, member.password)).user.companyId).toBe(target.id);
  });

  it("never blocks, unapproves or expires the platform's company", async () => {
    const { headers } = await superAdmin(app, database.db);
    const platform = await createCompany(database.db, { isPlatform: true, name: `Plataforma ${unique()}` });
    for (const body of [{ status: false }, { approved: false }, { dueDate: "2000-01-01" }]) {
      const res = await put(headers, platform.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_PLATFORM_COMPANY_LOCKED" });
    }
    expect((await put(headers, platform.id, { phone: "123" })).statusCode).toBe(200);
  });

  it("refuses another company's name, an unknown company and malformed ids", async () => {
    const { headers } = await superAdmin(app, database.db);
    const a = await createCompany(database.db);
    const b = await createCompany(database.db);
    const clash = await put(headers, b.id, { name: ` ${a.name.toLowerCase()} ` });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: "ERR_COMPANY_NAME_ALREADY_EXISTS" });
    // Its own name (another case) is not a clash.
    expect((await put(headers, a.id, { name: a.name.toUpperCase() })).statusCode).toBe(200);
    const missing = await put(headers, 2_000_000_000, { status: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    for (const bad of ["abc", "0", "-1"]) {
      expect((await app.inject({ method: "PUT", url: `/companies/${bad}`, headers, payload: { status: true } })).statusCode).toBe(400);
    }
    expect((await put(headers, a.id, { isPlatform: true })).statusCode).toBe(400);
  });

  it("is for super users only", async () => {
    const { headers, company } = await signedIn(app, database.db, { profile: "admin" });
    const res = await put(headers, company.id, { dueDate: "2099-01-01" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });
});
