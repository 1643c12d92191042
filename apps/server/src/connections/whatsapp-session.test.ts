import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent, type WhatsAppSessionEventPayload, type WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { captureEvents, connectionRow, connectionsCompany, waitForStatus, type Emitted } from "./test-support.js";

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

async function setup() {
  const ctx = await connectionsCompany(app, database.db);
  const created = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Sessão", provider: "simulator" } })).json<WhatsAppView>();
  const session = (method: "POST" | "PUT" | "DELETE", payload?: object) =>
    app.inject({ method, url: `/whatsappsession/${created.id}`, headers: ctx.asAdmin, ...(payload ? { payload } : {}) });
  const scan = (qrcode: string) => app.inject({ method: "POST", url: `/simulator/${created.id}/scan`, headers: ctx.asAdmin, payload: { qrcode } });
  const sessionEvents = () =>
    emitted.filter((e) => e.event === companyEvent.whatsappSession(ctx.company.id)).map((e) => (e.payload as WhatsAppSessionEventPayload).session);
  return { ...ctx, created, session, scan, sessionEvents };
}

describe("GET /whatsapp", () => {
  it("lists the company's connections for everyone in it; whether a token is set, never the token; session=0 and companyId change nothing", async () => {
    const { asAdmin, asAgent, created } = await setup();
    const other = await setup();
    const forAdmin = await app.inject({ method: "GET", url: `/whatsapp/?session=0&companyId=${other.company.id}`, headers: asAdmin });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json<WhatsAppView[]>().map((w) => w.id)).toEqual([created.id]);
    expect(forAdmin.json<WhatsAppView[]>()[0]).toHaveProperty("hasToken", false);
    const forAgent = await app.inject({ method: "GET", url: "/whatsapp/", headers: asAgent });
    expect(forAgent.json<WhatsAppView[]>().map((w) => w.id)).toEqual([created.id]);
    expect(forAgent.json<WhatsAppView[]>()[0]).not.toHaveProperty("token");
    const one = await app.inject({ method: "GET", url: `/whatsapp/${created.id}?session=0`, headers: asAgent });
    expect(one.json()).toMatchObject({ id: created.id, status: "qrcode" });
    expect((await app.inject({ method: "GET", url: `/whatsapp/${other.created.id}`, headers: asAgent })).statusCode).toBe(404);
  });
});

describe("/whatsappsession/{id}", () => {
  it("QR, scan, OPENING, CONNECTED: each step pushed as a session update; the QR empties once scanned", async () => {
    const { created, scan, sessionEvents } = await setup();
    expect(created.status).toBe("qrcode");
    const wrong = await scan("not-the-qr");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([{ path: "body.qrcode", message: "validation.invalid" }]);

    expect((await scan(created.qrcode)).statusCode).toBe(204);
    const row = await waitForStatus(database.db, created.id, "CONNECTED");
    expect(row.qrcode).toBe("");
    expect(row.number).toMatch(/^55119\d{8}$/);
    await eventually(async () => sessionEvents().some((s) => s.id === created.id && s.status === "CONNECTED"));
    const steps = sessionEvents().filter((s) => s.id === created.id).map((s) => [s.status, s.qrcode === "" ? "" : "qr"]);
    expect(steps).toEqual([
      ["qrcode", "qr"],
      ["OPENING", ""],
      ["CONNECTED", ""],
    ]);
    // A scanned QR is spent.
    expect((await scan(created.qrcode)).statusCode).toBe(400);
  });

  it("PUT asks for a new QR (the login is forgotten), DELETE disconnects, POST starts again", async () => {
    const { created, session, scan } = await setup();
    await scan(created.qrcode);
    await waitForStatus(database.db, created.id, "CONNECTED");

    const renewed = await session("PUT");
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<WhatsAppView>().status).toBe("qrcode");
    expect(renewed.json<WhatsAppView>().qrcode).not.toBe(created.qrcode);

    const disconnected = await session("DELETE");
    expect(disconnected.json<WhatsAppView>()).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
    expect(app.deps.sessions.isRunningHere(created.id)).toBe(false);

    // As the spec's client asks: no body at all.
    const started = await session("POST");
    expect(started.statusCode).toBe(200);
    expect(started.json<WhatsAppView>().status).toBe("qrcode");
    expect(app.deps.sessions.isRunningHere(created.id)).toBe(true);
  });

  it("offers a pairing code instead of a QR, which the phone can type", async () => {
    const { created, session, asAdmin } = await setup();
    const res = await session("POST", { pairingNumber: "+55 11 98765-4321".replace(/[ -]/g, "") });
    expect(res.statusCode).toBe(200);
    const pairing = res.json<WhatsAppView>();
    expect(pairing.status).toBe("PAIRING");
    expect(pairing.pairingCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(pairing.qrcode).toBe("");
    const typed = await app.inject({ method: "POST", url: `/simulator/${created.id}/scan`, headers: asAdmin, payload: { pairingCode: pairing.pairingCode.toLowerCase() } });
    expect(typed.statusCode).toBe(204);
    await waitForStatus(database.db, created.id, "CONNECTED");
    expect((await connectionRow(database.db, created.id))?.pairingCode).toBe("");
    expect((await session("POST", { pairingNumber: "abc" })).statusCode).toBe(400);
  });

  it("a dropped phone: TIMEOUT keeps the session (restart brings it back); a logout on the phone ends it", async () => {
    const { created, session, scan, asAdmin } = await setup();
    await scan(created.qrcode);
    await waitForStatus(database.db, created.id, "CONNECTED");
    const drop = (status: string) => app.inject({ method: "POST", url: `/simulator/${created.id}/drop`, headers: asAdmin, payload: { status } });

    expect((await drop("TIMEOUT")).statusCode).toBe(204);
    expect((await connectionRow(database.db, created.id))?.status).toBe("TIMEOUT");
    expect(app.deps.sessions.isRunningHere(created.id)).toBe(true);
    const restart = await app.inject({ method: "POST", url: "/whatsapp-restart/", headers: asAdmin });
    expect(restart.statusCode).toBe(204);
    await waitForStatus(database.db, created.id, "CONNECTED");

    await drop("DISCONNECTED");
    await waitForStatus(database.db, created.id, "DISCONNECTED");
    await eventually(async () => !app.deps.sessions.isRunningHere(created.id));
    // Its login is gone: starting again shows a QR.
    expect((await session("POST", {})).json<WhatsAppView>().status).toBe("qrcode");
  });

  it("is for admins, and 404 for another company's connection", async () => {
    const { created, asAgent } = await setup();
    const other = await setup();
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const res = await app.inject({ method, url: `/whatsappsession/${created.id}`, headers: asAgent, ...(method === "POST" ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(403);
      const foreign = await app.inject({ method, url: `/whatsappsession/${created.id}`, headers: other.asAdmin, ...(method === "POST" ? { payload: {} } : {}) });
      expect(foreign.json().error).toBe("ERR_NO_WAPP_FOUND");
    }
  });
});
