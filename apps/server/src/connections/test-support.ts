import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { whatsapps } from "../db/schema.js";
import { bearer, createCompany, createUser, login, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import type { plans } from "../db/schema.js";

/** Tests only: what the app emitted, as the realtime helpers were called (room kind, event, payload). */
export interface Emitted {
  to: "company" | "admins" | "user" | "rooms";
  /** For `rooms`: the rooms it went to. */
  rooms?: string[];
  event: string;
  payload: unknown;
}

export function captureEvents(app: TestApp): Emitted[] {
  const emitted: Emitted[] = [];
  const realtime = app.deps.realtime;
  const wrap = (to: Emitted["to"], original: (id: number, event: string, payload: unknown) => void) => (id: number, event: string, payload: unknown) => {
    emitted.push({ to, event, payload: JSON.parse(JSON.stringify(payload)) });
    original(id, event, payload);
  };
  realtime.toCompany = wrap("company", realtime.toCompany.bind(realtime));
  realtime.toAdmins = wrap("admins", realtime.toAdmins.bind(realtime));
  realtime.toUser = wrap("user", realtime.toUser.bind(realtime));
  const toRooms = realtime.toRooms.bind(realtime);
  realtime.toRooms = (rooms, event, payload, except) => {
    emitted.push({ to: "rooms", rooms, event, payload: JSON.parse(JSON.stringify(payload)) });
    toRooms(rooms, event, payload, except);
  };
  return emitted;
}

/** Tests only: a company of its own with an admin and an agent, signed in. */
export async function connectionsCompany(app: TestApp, db: Db, plan: Partial<typeof plans.$inferInsert> = {}) {
  const company = await createCompany(db, {}, plan);
  const admin = await createUser(db, company.id, { profile: "admin" });
  const agent = await createUser(db, company.id);
  const adminSession = await login(app, admin.email, admin.password);
  const agentSession = await login(app, agent.email, agent.password);
  return { company, admin, agent, asAdmin: bearer(adminSession.token), asAgent: bearer(agentSession.token) };
}

export async function connectionRow(db: Db, id: number) {
  const [row] = await db.select().from(whatsapps).where(eq(whatsapps.id, id));
  return row;
}

export async function waitForStatus(db: Db, id: number, status: string, timeoutMs = 5_000) {
  await eventually(async () => (await connectionRow(db, id))?.status === status, timeoutMs);
  return (await connectionRow(db, id))!;
}
