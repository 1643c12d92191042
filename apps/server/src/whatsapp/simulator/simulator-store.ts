import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { companyEvent, numberVariants, type SimulatorContactView, type SimulatorEventPayload, type SimulatorMessageView } from "@atendo/shared";
import type { DbOrTx } from "../../db/client.js";
import { simulatorContacts, simulatorMessages, whatsappAuthKeys } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import type { Realtime } from "../../realtime/realtime.js";
import { rooms } from "../../realtime/rooms.js";
import type { MessageContent } from "../provider.js";

/**
 * The simulator's virtual network lives in simulator_contacts and simulator_messages; these helpers are shared by
 * the session (the connection's side, in the process holding the lease) and the simulator API (the customers' side,
 * in any process).
 */

export type SimulatorContactRow = typeof simulatorContacts.$inferSelect;
export type SimulatorMessageRow = typeof simulatorMessages.$inferSelect;

/** The simulator remembers a scanned QR as its login, where Baileys keeps its credentials (auth row "creds"). */
export const SIMULATOR_CREDS = { type: "creds", keyId: "simulator" } as const;

/** A fake but well-formed Brazilian mobile per connection, e.g. 5511900000042. */
export function simulatorConnectionNumber(whatsappId: number): string {
  return `5511${900_000_000 + (whatsappId % 100_000_000)}`;
}

/** Message ids in WhatsApp's style: ours start like WhatsApp Web's, the customers' with SIM. */
export function newSimulatorMessageId(direction: "in" | "out"): string {
  return `${direction === "out" ? "3EB0" : "SIM"}${randomBytes(8).toString("hex").toUpperCase()}`;
}

/** Numbers the simulator network knows besides its contacts: Brazilian numbers (55 + 10 or 11 digits) exist. */
export function isKnownSimulatorNumber(digits: string): boolean {
  return /^55\d{10,11}$/.test(digits);
}

export async function readSimulatorLogin(db: DbOrTx, whatsappId: number): Promise<boolean> {
  const [row] = await db
    .select({ value: whatsappAuthKeys.value })
    .from(whatsappAuthKeys)
    .where(and(eq(whatsappAuthKeys.whatsappId, whatsappId), eq(whatsappAuthKeys.type, SIMULATOR_CREDS.type), eq(whatsappAuthKeys.keyId, SIMULATOR_CREDS.keyId)));
  return Boolean(row);
}

export async function writeSimulatorLogin(db: DbOrTx, whatsappId: number): Promise<void> {
  const value = JSON.stringify({ scannedAt: new Date().toISOString() });
  await db
    .insert(whatsappAuthKeys)
    .values({ whatsappId, ...SIMULATOR_CREDS, value })
    .onConflictDoUpdate({ target: [whatsappAuthKeys.whatsappId, whatsappAuthKeys.type, whatsappAuthKeys.keyId], set: { value, updatedAt: new Date() } });
}

export async function forgetSimulatorLogin(db: DbOrTx, whatsappId: number): Promise<void> {
  await db
    .delete(whatsappAuthKeys)
    .where(and(eq(whatsappAuthKeys.whatsappId, whatsappId), eq(whatsappAuthKeys.type, SIMULATOR_CREDS.type), eq(whatsappAuthKeys.keyId, SIMULATOR_CREDS.keyId)));
}

/** A contact (or group) of the connection by number, accepting the Brazilian ninth-digit variants. */
export async function findSimulatorContact(db: DbOrTx, companyId: number, whatsappId: number, number: string): Promise<SimulatorContactRow | undefined> {
  const variants = /^\d+$/.test(number) ? numberVariants(number) : [number];
  const rows = await db
    .select()
    .from(simulatorContacts)
    .where(inCompany(simulatorContacts, companyId, eq(simulatorContacts.whatsappId, whatsappId), inArray(simulatorContacts.number, variants)));
  return rows.sort((a, b) => variants.indexOf(a.number) - variants.indexOf(b.number))[0];
}

export async function findSimulatorMessage(db: DbOrTx, companyId: number, whatsappId: number, messageId: string): Promise<SimulatorMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(simulatorMessages)
    .where(inCompany(simulatorMessages, companyId, eq(simulatorMessages.whatsappId, whatsappId), eq(simulatorMessages.messageId, messageId)));
  return row;
}

export function presentSimulatorContact(row: SimulatorContactRow): SimulatorContactView {
  return {
    id: row.id,
    whatsappId: row.whatsappId,
    name: row.name,
    number: row.number,
    isGroup: row.isGroup,
    members: row.members,
    createdAt: row.createdAt.toISOString(),
  };
}

const MEDIA_TYPES = new Set(["image", "audio", "video", "document", "sticker"]);

/** The stored file path is internal: the page fetches media through the simulator's media route. */
export function presentSimulatorMessage(row: SimulatorMessageRow): SimulatorMessageView {
  const { path: _path, own: _own, ...content } = row.content as Record<string, unknown>;
  return {
    id: row.id,
    whatsappId: row.whatsappId,
    chat: row.chat,
    messageId: row.messageId,
    direction: row.direction,
    own: row.content.own === true,
    author: row.author,
    type: row.type,
    body: row.body,
    content,
    mediaUrl: MEDIA_TYPES.has(row.type) ? `/simulator/${row.whatsappId}/media/${encodeURIComponent(row.messageId)}` : null,
    ack: row.ack,
    edited: row.edited,
    deleted: row.deleted,
    reactions: row.reactions,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stored message as the normalised content the server sees. */
export function contentOfSimulatorMessage(row: SimulatorMessageRow): MessageContent {
  const c = row.content as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  switch (row.type) {
    case "text":
      return { type: "text", body: row.body };
    case "image":
    case "audio":
    case "video":
    case "document":
    case "sticker":
      return {
        type: row.type,
        mimetype: str(c.mimetype) ?? "application/octet-stream",
        ...(str(c.caption) !== undefined ? { caption: str(c.caption) } : {}),
        ...(str(c.fileName) !== undefined ? { fileName: str(c.fileName) } : {}),
        ...(c.voice === true ? { voice: true } : {}),
        ...(typeof c.size === "number" ? { size: c.size } : {}),
        media: { provider: "simulator", ref: { path: str(c.path) ?? "" } },
      };
    case "location":
      return {
        type: "location",
        latitude: Number(c.latitude),
        longitude: Number(c.longitude),
        ...(str(c.name) !== undefined ? { name: str(c.name) } : {}),
        ...(str(c.address) !== undefined ? { address: str(c.address) } : {}),
      };
    case "contact":
      return { type: "contact", displayName: str(c.displayName) ?? "", vcard: str(c.vcard) ?? "" };
    default:
      return { type: "unsupported", description: row.type };
  }
}

/** To the admins who have the simulator page open (joinSimulator), not to every admin socket (issue 15). */
export function emitSimulator(realtime: Pick<Realtime, "toRooms">, companyId: number, payload: SimulatorEventPayload): void {
  realtime.toRooms([rooms.simulator(companyId)], companyEvent.simulator(companyId), payload);
}
