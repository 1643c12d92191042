import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { CLIENT_EVENTS, type SimulatorMessageView, type WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { whatsappAuthKeys, whatsappSentMessages } from "../db/schema.js";
import { bearer, createTestApp, createTestDatabase, login, type TestApp } from "../test/helpers.js";
import { multipart, SAMPLE_FILES } from "../test/multipart.js";
import { connected, connectSocket, emitWithAck, listen } from "../test/socket-client.js";
import { captureEvents, connectionsCompany, waitForStatus, type Emitted } from "./test-support.js";

/**
 * Credentials never leave the server (design brief, WhatsApp channel): every connection and simulator route is
 * called with login rows, sent-message payloads and a transcription key carrying known markers, and neither an
 * answer nor any socket event (as emitted, and as received by an admin's and an agent's socket) contains them.
 * A route added under /whatsapp*, /whatsappsession* or /simulator fails this test until it is called here.
 */
let database: Database;
let app: TestApp;
let url: string;
let emitted: Emitted[];
const sockets: Socket[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  emitted = captureEvents(app);
  url = await listen(app);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await app.close();
  await database.close();
});

const AUTH_MARKER = `AUTHKEY-${randomBytes(6).toString("hex")}`;
const SENT_MARKER = `SENTMSG-${randomBytes(6).toString("hex")}`;
const TRANSCRIBE_MARKER = `TKEY-${randomBytes(6).toString("hex")}`;
/** The API token generated for the main connection: answered once by its own route, never again. */
let TOKEN_MARKER = "";
const CUSTOMER = "5511987650101";

describe("connection routes and events", () => {
  it("never carry a login, a sent-message payload or the transcription key; the API token only once, to its own route", async () => {
    const { admin, agent } = await connectionsCompany(app, database.db);
    const received: { who: "admin" | "agent"; event: string; payload: unknown }[] = [];
    const headers: Record<"admin" | "agent", Record<string, string>> = { admin: {}, agent: {} };
    for (const [who, user] of [
      ["admin", admin],
      ["agent", agent],
    ] as const) {
      // A new login ends the user's earlier session: its token serves both the socket and the requests.
      const { token } = await login(app, user.email, user.password);
      headers[who] = bearer(token);
      const socket = connectSocket(url, token);
      sockets.push(socket);
      socket.onAny((event: string, payload: unknown) => received.push({ who, event, payload }));
      await connected(socket);
      // Both open the simulator page; only the admin is let in (its traffic goes to those watching it).
      expect(await emitWithAck<{ ok: boolean }>(socket, CLIENT_EVENTS.joinSimulator, undefined)).toMatchObject({ ok: who === "admin" });
    }
    const { admin: asAdmin, agent: asAgent } = headers;

    const create = async (name: string) =>
      (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name, provider: "simulator", transcribekey: TRANSCRIBE_MARKER } })).json<WhatsAppView>();
    const main = await create("Principal");
    TOKEN_MARKER = (await app.inject({ method: "POST", url: `/whatsapp/${main.id}/api-token`, headers: asAdmin })).json<{ token: string }>().token;
    expect(TOKEN_MARKER).toMatch(/^atd_/);
    const spare = await create("Reserva");
    const plant = async () => {
      for (const id of [main.id, spare.id]) {
        await database.db.insert(whatsappAuthKeys).values({ whatsappId: id, type: "session", keyId: "1", value: AUTH_MARKER }).onConflictDoNothing();
        await database.db.insert(whatsappSentMessages).values({ whatsappId: id, messageId: "SENT1", payload: SENT_MARKER }).onConflictDoNothing();
      }
    };
    await plant();
    await app.inject({ method: "POST", url: `/simulator/${main.id}/scan`, headers: asAdmin, payload: { qrcode: main.qrcode } });
    await waitForStatus(database.db, main.id, "CONNECTED");
    await app.inject({ method: "POST", url: `/simulator/${main.id}/contacts`, headers: asAdmin, payload: { name: "Cliente", number: CUSTOMER } });
    const ours = await app.deps.sessions.call(main.id, "send", { kind: "user", number: CUSTOMER }, { type: "audio", data: SAMPLE_FILES.mp3, mimetype: "audio/mpeg", voice: true });
    const media = multipart({ name: "foto.png", type: "image/png", data: SAMPLE_FILES.png });

    const sim = `/simulator/${main.id}`;
    const calls: Record<string, { url: string; payload?: object; multipart?: typeof media; agent?: boolean }[]> = {
      "GET /whatsapp": [{ url: "/whatsapp/?session=0" }, { url: "/whatsapp/", agent: true }],
      "GET /whatsapp-providers": [{ url: "/whatsapp-providers" }],
      "GET /whatsapp/:id": [{ url: `/whatsapp/${main.id}` }, { url: `/whatsapp/${main.id}`, agent: true }],
      "POST /whatsapp": [{ url: "/whatsapp", payload: { name: "Nova", transcribekey: TRANSCRIBE_MARKER } }],
      "PUT /whatsapp/:id": [{ url: `/whatsapp/${main.id}`, payload: { transcribekey: TRANSCRIBE_MARKER, greetingMessage: "Olá" } }],
      // Answers a new token (of the spare connection): never the main connection's.
      "POST /whatsapp/:id/api-token": [{ url: `/whatsapp/${spare.id}/api-token` }],
      // A simulator connection has no templates (400); the Cloud API's are tested in whatsapp/cloudapi/.
      "GET /whatsapp/:id/templates": [{ url: `/whatsapp/${main.id}/templates` }],
      "POST /whatsapp-restart": [{ url: "/whatsapp-restart/" }],
      "GET /simulator/:whatsappId/contacts": [{ url: `${sim}/contacts` }],
      "POST /simulator/:whatsappId/contacts": [{ url: `${sim}/contacts`, payload: { name: "Outro", number: "5511987650102" } }],
      "POST /simulator/:whatsappId/chats/:number/messages": [
        { url: `${sim}/chats/${CUSTOMER}/messages`, payload: { type: "text", body: "oi" } },
        { url: `${sim}/chats/${CUSTOMER}/messages`, multipart: media },
      ],
      "GET /simulator/:whatsappId/chats/:number/messages": [{ url: `${sim}/chats/${CUSTOMER}/messages` }],
      "GET /simulator/:whatsappId/media/:messageId": [{ url: `${sim}/media/${ours.messageId}` }],
      "POST /simulator/:whatsappId/chats/:number/read": [{ url: `${sim}/chats/${CUSTOMER}/read`, payload: {} }],
      "POST /simulator/:whatsappId/chats/:number/play": [{ url: `${sim}/chats/${CUSTOMER}/play`, payload: { messageId: ours.messageId } }],
      "POST /simulator/:whatsappId/drop": [{ url: `${sim}/drop`, payload: { status: "TIMEOUT" } }],
      "POST /whatsappsession/:id": [{ url: `/whatsappsession/${main.id}`, payload: {} }],
      "PUT /whatsappsession/:id": [{ url: `/whatsappsession/${main.id}` }],
      "POST /simulator/:whatsappId/scan": [{ url: `${sim}/scan`, payload: { qrcode: "wrong" } }, { url: `${sim}/scan`, payload: { qrcode: "" } }],
      "DELETE /whatsappsession/:id": [{ url: `/whatsappsession/${main.id}` }],
      "DELETE /whatsapp/:id": [{ url: `/whatsapp/${spare.id}` }],
    };
    const routes = app.routeList.filter((r) => /^\/(whatsapp|whatsappsession|whatsapp-restart|whatsapp-providers|simulator)(\/|$)/.test(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThanOrEqual(19);
    expect(Object.keys(calls).sort()).toEqual([...new Set(routes)].sort());

    for (const [route, requests] of Object.entries(calls)) {
      for (const request of requests) {
        await plant();
        const method = route.split(" ")[0] as "GET" | "POST" | "PUT" | "DELETE";
        const res = await app.inject({
          method,
          url: request.url,
          headers: { ...(request.agent ? asAgent : asAdmin), ...(request.multipart?.headers ?? {}) },
          payload: request.multipart?.payload ?? request.payload,
        });
        expect(res.statusCode, `${route}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        const text = res.rawPayload.toString("latin1");
        for (const marker of [AUTH_MARKER, SENT_MARKER, TRANSCRIBE_MARKER, TOKEN_MARKER]) expect(text, `${route} answers a credential`).not.toContain(marker);
      }
    }
    // The customer's message, for instance, did go through.
    const list = (await app.inject({ method: "GET", url: `${sim}/chats/${CUSTOMER}/messages`, headers: asAdmin })).json<SimulatorMessageView[]>();
    expect(list.map((m) => m.type)).toEqual(expect.arrayContaining(["audio", "text", "image"]));

    await new Promise((r) => setTimeout(r, 300));
    expect(emitted.length).toBeGreaterThan(10);
    expect(received.some((r) => r.who === "agent" && r.event.endsWith("-whatsappSession"))).toBe(true);
    for (const marker of [AUTH_MARKER, SENT_MARKER, TRANSCRIBE_MARKER, TOKEN_MARKER]) {
      expect(JSON.stringify(emitted), "an emitted event").not.toContain(marker);
      expect(JSON.stringify(received), "a received event").not.toContain(marker);
    }
    // Simulator traffic goes to admins watching the simulator only.
    expect(received.filter((r) => r.event.endsWith("-simulator")).every((r) => r.who === "admin")).toBe(true);
    expect(received.some((r) => r.who === "admin" && r.event.endsWith("-simulator"))).toBe(true);
  });
});
