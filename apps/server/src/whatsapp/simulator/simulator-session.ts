import { randomBytes } from "node:crypto";
import { asc, eq, inArray, lt } from "drizzle-orm";
import type { SimulatorPresence } from "@atendo/shared";
import { simulatorContacts, simulatorMessages } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { validationError } from "../../errors.js";
import {
  ProviderError,
  type Ack,
  type ChatRef,
  type ConnectionStatus,
  type InboundMessage,
  type OutgoingContent,
  type Presence,
  type ProviderCapabilities,
  type ProviderEvent,
  type SessionContext,
  type WhatsAppSession,
} from "../provider.js";
import { createPerChatQueue } from "../sessions/per-chat-queue.js";
import type { ProviderDeps } from "../sessions/providers.js";
import {
  contentOfSimulatorMessage,
  emitSimulator,
  findSimulatorContact,
  findSimulatorMessage,
  forgetSimulatorLogin,
  isKnownSimulatorNumber,
  newSimulatorMessageId,
  presentSimulatorContact,
  presentSimulatorMessage,
  readSimulatorLogin,
  simulatorConnectionNumber,
  writeSimulatorLogin,
  type SimulatorContactRow,
  type SimulatorMessageRow,
} from "./simulator-store.js";

export const SIMULATOR_CAPABILITIES: ProviderCapabilities = {
  qr: true,
  pairingCode: true,
  edit: true,
  delete: true,
  forward: true,
  presence: true,
  groups: true,
  numberCheck: true,
  templates: false,
  readReceipts: true,
};

/** How fast the virtual network answers (tests may shorten it). */
export interface SimulatorTiming {
  /** OPENING to CONNECTED after a scan or at start with a remembered login. */
  connectMs: number;
  /** Our message reaches WhatsApp's server (ack 2). */
  sentAckMs: number;
  /** …and the customer's phone (ack 3). */
  deliveredAckMs: number;
}

export const DEFAULT_SIMULATOR_TIMING: SimulatorTiming = { connectMs: 300, sentAckMs: 150, deliveredAckMs: 500 };

/**
 * What the customers' side (the simulator API, in any process) asks the connection's side to do. These run in the
 * process holding the session, through the session manager's `extension(id, "simulate", [action])`.
 * `author` is the customer acting (in a group, the member).
 */
export type SimulatorAction =
  /** A stored customer message reaches the connection (a no-op when it already did). */
  | { kind: "deliver"; messageId: string }
  /** The connection's own phone writes to a customer. */
  | { kind: "own"; chat: string; body: string }
  | { kind: "edit"; chat: string; author: string; messageId: string; body: string }
  | { kind: "revoke"; chat: string; author: string; messageId: string }
  | { kind: "reaction"; chat: string; author: string; messageId: string; emoji: string }
  | { kind: "presence"; chat: string; author: string; presence: SimulatorPresence }
  /** The customer opens the chat: our messages there become read (4). */
  | { kind: "read"; chat: string; author: string }
  /** The customer plays our audio (5). */
  | { kind: "play"; chat: string; author: string; messageId: string }
  | { kind: "scan"; qrcode?: string; pairingCode?: string }
  | { kind: "drop"; status: "TIMEOUT" | "DISCONNECTED" }
  /** A new customer or group appears: the connection hears of it. */
  | { kind: "contact"; number: string };

export interface SimulatorSession extends WhatsAppSession {
  /** Answers the message view for `own`; nothing for the others. */
  simulate(action: SimulatorAction): Promise<unknown>;
}

const PAIRING_ALPHABET = "ABCDEFGHJKLMNPQRSTVWXYZ23456789";

function chatKey(chat: ChatRef): string | undefined {
  return chat.kind === "group" ? chat.id : chat.number;
}

function chatRefOf(contact: Pick<SimulatorContactRow, "isGroup" | "number">): ChatRef {
  return contact.isGroup ? { kind: "group", id: contact.number } : { kind: "user", number: contact.number };
}

/**
 * The connection's side of the simulator: a WhatsAppSession over the virtual network. Connection events go out one
 * at a time through `serial`; a chat's events through `inChat`, in order per chat and chats concurrently (as the
 * Baileys session does). Each waits for the server's handler (ctx.onEvent) before the chat's next one.
 */
export function createSimulatorSession(ctx: SessionContext, deps: ProviderDeps, timing: SimulatorTiming = DEFAULT_SIMULATOR_TIMING): SimulatorSession {
  const { companyId, whatsappId } = ctx;
  const { db, realtime, storage } = deps;
  const log = deps.logger.child({ module: "simulator", whatsappId });
  const ownNumber = simulatorConnectionNumber(whatsappId);
  let status: ConnectionStatus = "DISCONNECTED";
  let qrToken: string | undefined;
  let pairingCode: string | undefined;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  let chain: Promise<unknown> = Promise.resolve();

  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = chain.then(fn);
    chain = next.catch(() => undefined);
    return next;
  }

  const chats = createPerChatQueue();
  /** The simulator's chat (a number, or a group id with a dash) as the queue key the Baileys session would use. */
  function inChat<T>(chat: string, fn: () => Promise<T>): Promise<T> {
    return chats.run([chat.includes("-") ? `g:${chat}` : `n:${chat}`], fn);
  }

  /** False when the session stopped first (nothing was sent). */
  const emit = async (event: ProviderEvent): Promise<boolean> => {
    if (stopped) return false;
    await ctx.onEvent(event);
    return true;
  };

  function later(ms: number, fn: () => Promise<void>, chat?: string): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      (chat === undefined ? serial(fn) : inChat(chat, fn)).catch((err: unknown) => log.warn({ err }, "simulator timer failed"));
    }, ms);
    timers.add(timer);
  }

  async function setStatus(next: ConnectionStatus, extra: { qrcode?: string; number?: string } = {}): Promise<void> {
    status = next;
    await emit({ type: "connection", status: next, ...extra });
  }

  async function stop(): Promise<void> {
    stopped = true;
    status = "DISCONNECTED";
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  }

  function requireConnected(): void {
    if (stopped || status !== "CONNECTED") throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "the simulator connection is not connected");
  }

  async function connect(): Promise<void> {
    await setStatus("OPENING");
    later(timing.connectMs, async () => {
      if (status !== "OPENING") return;
      await setStatus("CONNECTED", { number: ownNumber });
      await catchUp();
    });
  }

  /** After (re)connecting: what customers sent meanwhile arrives as offline messages; our sent ones get delivered. */
  async function catchUp(): Promise<void> {
    const pending = await db
      .select()
      .from(simulatorMessages)
      .where(inCompany(simulatorMessages, companyId, eq(simulatorMessages.whatsappId, whatsappId), eq(simulatorMessages.direction, "in"), lt(simulatorMessages.ack, 3)))
      .orderBy(asc(simulatorMessages.id));
    // Per chat in order, chats concurrently; a failed delivery stays pending for the next connect.
    await Promise.all(pending.map((row) => inChat(row.chat, () => deliverRow(row, "offline")).catch((err: unknown) => log.warn({ err }, "offline delivery failed"))));
    const undelivered = await db
      .select()
      .from(simulatorMessages)
      .where(inCompany(simulatorMessages, companyId, eq(simulatorMessages.whatsappId, whatsappId), eq(simulatorMessages.direction, "out"), lt(simulatorMessages.ack, 3)))
      .orderBy(asc(simulatorMessages.id));
    for (const row of undelivered) await setAck(row.messageId, 3);
  }

  async function pushNameOf(number: string): Promise<string | undefined> {
    return (await findSimulatorContact(db, companyId, whatsappId, number))?.name;
  }

  async function inboundOf(row: SimulatorMessageRow): Promise<InboundMessage> {
    const isGroup = row.chat.includes("-");
    const fromMe = row.direction === "out";
    const author = row.author ?? row.chat;
    const quotedId = typeof row.content.quotedId === "string" ? row.content.quotedId : undefined;
    return {
      id: row.messageId,
      chat: isGroup ? { kind: "group", id: row.chat } : { kind: "user", number: row.chat },
      ...(fromMe ? {} : { from: { number: author, pushName: await pushNameOf(author) } }),
      fromMe,
      timestamp: row.createdAt,
      content: contentOfSimulatorMessage(row),
      ...(quotedId ? { quotedId } : {}),
    };
  }

  /** A customer's message reaches the connection once: after the server took it, the customer sees it delivered. */
  async function deliverRow(row: SimulatorMessageRow, origin: "live" | "offline"): Promise<void> {
    requireConnected();
    const fresh = await findSimulatorMessage(db, companyId, whatsappId, row.messageId);
    if (!fresh || fresh.ack >= 3) return;
    // Delivered only once the server's handler took it; if it throws, the message stays pending for the next connect.
    if (await emit({ type: "message", origin, message: await inboundOf(fresh) })) await setAck(fresh.messageId, 3);
  }

  /** Acks only move forward. Ours (out) are reported to the server; the customers' own ticks only to the page. */
  async function setAck(messageId: string, ack: Ack): Promise<void> {
    const [row] = await db
      .update(simulatorMessages)
      .set({ ack })
      .where(inCompany(simulatorMessages, companyId, eq(simulatorMessages.whatsappId, whatsappId), eq(simulatorMessages.messageId, messageId), lt(simulatorMessages.ack, ack)))
      .returning();
    if (!row) return;
    if (row.direction === "out") await emit({ type: "ack", chat: chatRefOf({ isGroup: row.chat.includes("-"), number: row.chat }), messageId, ack });
    emitSimulator(realtime, companyId, { action: "ack", whatsappId, chat: row.chat, messageId, ack });
  }

  function scheduleAcks(messageId: string, chat: string): void {
    later(timing.sentAckMs, () => setAck(messageId, 2), chat);
    later(timing.deliveredAckMs, () => setAck(messageId, 3), chat);
  }

  /** The chat of an outgoing message; a number the network knows becomes a customer on first contact. */
  async function resolveChat(chat: ChatRef): Promise<SimulatorContactRow> {
    const key = chatKey(chat);
    if (!key) throw new ProviderError("ERR_WAPP_INVALID_CONTACT", "the simulator needs a phone number");
    const found = await findSimulatorContact(db, companyId, whatsappId, key);
    if (found && found.isGroup === (chat.kind === "group")) return found;
    if (chat.kind === "group" || !isKnownSimulatorNumber(key)) throw new ProviderError("ERR_WAPP_INVALID_CONTACT", `${key} is not on the simulator network`);
    const [created] = await db
      .insert(simulatorContacts)
      .values({ companyId, whatsappId, name: key, number: key })
      .onConflictDoNothing()
      .returning();
    if (created) emitSimulator(realtime, companyId, { action: "contact", contact: presentSimulatorContact(created) });
    return created ?? (await findSimulatorContact(db, companyId, whatsappId, key))!;
  }

  async function insertMessage(values: Omit<typeof simulatorMessages.$inferInsert, "companyId" | "whatsappId">): Promise<SimulatorMessageRow> {
    const [row] = await db.insert(simulatorMessages).values({ companyId, whatsappId, ...values }).returning();
    emitSimulator(realtime, companyId, { action: "message", message: presentSimulatorMessage(row!) });
    return row!;
  }

  async function updateMessage(row: SimulatorMessageRow, set: Partial<typeof simulatorMessages.$inferInsert>): Promise<SimulatorMessageRow> {
    const [updated] = await db
      .update(simulatorMessages)
      .set(set)
      .where(inCompany(simulatorMessages, companyId, eq(simulatorMessages.id, row.id)))
      .returning();
    emitSimulator(realtime, companyId, { action: "update", message: presentSimulatorMessage(updated!) });
    return updated!;
  }

  /** A message of this chat by id, or a 400 naming the field (the customer pointed at nothing). */
  async function messageInChat(chat: string, messageId: string): Promise<SimulatorMessageRow> {
    const row = await findSimulatorMessage(db, companyId, whatsappId, messageId);
    if (!row || row.chat !== chat) throw validationError([{ path: "body.messageId", message: "validation.invalid" }]);
    return row;
  }

  function customerChat(chat: string, author: string): ChatRef {
    return chat.includes("-") ? { kind: "group", id: chat } : { kind: "user", number: author };
  }

  async function simulate(action: SimulatorAction): Promise<unknown> {
    switch (action.kind) {
      case "scan": {
        const matches =
          (status === "qrcode" && action.qrcode !== undefined && action.qrcode === qrToken) ||
          (status === "PAIRING" && action.pairingCode !== undefined && action.pairingCode.replace(/[^A-Z0-9]/gi, "").toUpperCase() === pairingCode?.replace(/-/g, ""));
        if (!matches) throw validationError([{ path: action.qrcode !== undefined ? "body.qrcode" : "body.pairingCode", message: "validation.invalid" }]);
        await writeSimulatorLogin(db, whatsappId);
        qrToken = undefined;
        pairingCode = undefined;
        return serial(connect);
      }
      case "drop":
        if (action.status === "DISCONNECTED") {
          // Logged out on the phone: the login is gone; the manager ends the session.
          await forgetSimulatorLogin(db, whatsappId);
        }
        return serial(() => setStatus(action.status));
      case "contact":
        return inChat(action.number, async () => {
          requireConnected();
          const contact = await findSimulatorContact(db, companyId, whatsappId, action.number);
          if (!contact) return;
          if (!contact.isGroup) {
            await emit({ type: "contact", contact: { number: contact.number, pushName: contact.name, name: contact.name } });
            return;
          }
          const participants = await Promise.all(contact.members.map(async (number) => ({ number, pushName: await pushNameOf(number) })));
          await emit({ type: "group", group: { id: contact.number, subject: contact.name, participants } });
        });
      case "deliver": {
        const row = await findSimulatorMessage(db, companyId, whatsappId, action.messageId);
        if (!row || row.direction !== "in") return;
        return inChat(row.chat, () => deliverRow(row, "live"));
      }
      case "own":
        return inChat(action.chat, async () => {
          requireConnected();
          const row = await insertMessage({ chat: action.chat, messageId: newSimulatorMessageId("out"), direction: "out", type: "text", body: action.body, content: { own: true }, ack: 1 });
          await emit({ type: "message", origin: "own", message: await inboundOf(row) });
          scheduleAcks(row.messageId, row.chat);
          return presentSimulatorMessage(row);
        });
      case "edit":
      case "revoke":
        return inChat(action.chat, async () => {
          requireConnected();
          const row = await messageInChat(action.chat, action.messageId);
          if (row.direction !== "in" || (row.author ?? row.chat) !== action.author || row.deleted) {
            throw validationError([{ path: "body.messageId", message: "validation.invalid" }]);
          }
          if (action.kind === "edit") {
            if (row.type !== "text") throw validationError([{ path: "body.messageId", message: "validation.invalid" }]);
            await updateMessage(row, { body: action.body, edited: true });
          } else {
            await updateMessage(row, { deleted: true });
          }
          await emit({
            type: "message-update",
            chat: customerChat(action.chat, action.author),
            messageId: row.messageId,
            change: action.kind === "edit" ? { kind: "edit", body: action.body } : { kind: "revoke" },
          });
        });
      case "reaction":
        return inChat(action.chat, async () => {
          requireConnected();
          const row = await messageInChat(action.chat, action.messageId);
          const reactions = row.reactions.filter((r) => r.from !== action.author);
          if (action.emoji) reactions.push({ from: action.author, emoji: action.emoji });
          await updateMessage(row, { reactions });
          await emit({
            type: "reaction",
            chat: customerChat(action.chat, action.author),
            messageId: row.messageId,
            from: { number: action.author, pushName: await pushNameOf(action.author) },
            fromMe: false,
            emoji: action.emoji,
          });
        });
      case "presence":
        return inChat(action.chat, async () => {
          requireConnected();
          await emit({
            type: "presence",
            chat: customerChat(action.chat, action.author),
            from: { number: action.author, pushName: await pushNameOf(action.author) },
            presence: action.presence,
          });
        });
      case "read":
        return inChat(action.chat, async () => {
          requireConnected();
          const unread = await db
            .select({ messageId: simulatorMessages.messageId })
            .from(simulatorMessages)
            .where(inCompany(simulatorMessages, companyId, eq(simulatorMessages.whatsappId, whatsappId), eq(simulatorMessages.chat, action.chat), eq(simulatorMessages.direction, "out"), lt(simulatorMessages.ack, 4)))
            .orderBy(asc(simulatorMessages.id));
          for (const { messageId } of unread) await setAck(messageId, 4);
        });
      case "play":
        return inChat(action.chat, async () => {
          requireConnected();
          const row = await messageInChat(action.chat, action.messageId);
          if (row.direction !== "out" || row.type !== "audio") throw validationError([{ path: "body.messageId", message: "validation.invalid" }]);
          await setAck(row.messageId, 5);
        });
    }
  }

  return {
    capabilities: SIMULATOR_CAPABILITIES,

    /** The simulated phone's address book: its customers (not its groups). */
    async listContacts() {
      requireConnected();
      const rows = await db
        .select({ number: simulatorContacts.number, name: simulatorContacts.name })
        .from(simulatorContacts)
        .where(inCompany(simulatorContacts, companyId, eq(simulatorContacts.whatsappId, whatsappId), eq(simulatorContacts.isGroup, false)));
      return rows;
    },

    async start() {
      stopped = false;
      if (await readSimulatorLogin(db, whatsappId)) return serial(connect);
      qrToken = `atendo-simulator:${whatsappId}:${randomBytes(18).toString("base64url")}`;
      await serial(() => setStatus("qrcode", { qrcode: qrToken }));
    },

    stop,

    async logout() {
      await stop();
      await forgetSimulatorLogin(db, whatsappId);
    },

    async requestPairingCode() {
      if (stopped || (status !== "qrcode" && status !== "PAIRING")) throw new ProviderError("ERR_NOT_SUPPORTED", "already logged in");
      const chars = [...randomBytes(8)].map((b) => PAIRING_ALPHABET[b % PAIRING_ALPHABET.length]).join("");
      pairingCode = `${chars.slice(0, 4)}-${chars.slice(4)}`;
      status = "PAIRING";
      return pairingCode;
    },

    async send(chat: ChatRef, content: OutgoingContent, opts: { quotedId?: string; forwarded?: boolean; messageId?: string } = {}) {
      requireConnected();
      // A repeated send of the same message (the outbox retrying after a crash) is answered, not delivered again.
      const earlier = opts.messageId ? await findSimulatorMessage(db, companyId, whatsappId, opts.messageId) : undefined;
      if (earlier) return { messageId: earlier.messageId, ack: Math.max(earlier.ack, 1) as Ack, timestamp: earlier.createdAt };
      const contact = await resolveChat(chat);
      const extra: Record<string, unknown> = {
        ...(opts.quotedId ? { quotedId: opts.quotedId } : {}),
        ...(opts.forwarded ? { forwarded: true } : {}),
      };
      let body = "";
      let stored: Record<string, unknown>;
      // A template reaches the simulated phone as its filled-in text (the simulator has no templates).
      const type = content.type === "template" ? "text" : content.type;
      switch (content.type) {
        case "text":
        case "template":
          body = content.body;
          stored = {};
          break;
        case "location":
          body = content.name ?? "";
          stored = { latitude: content.latitude, longitude: content.longitude, name: content.name, address: content.address };
          break;
        case "contact":
          body = content.displayName;
          stored = { displayName: content.displayName, vcard: content.vcard };
          break;
        default: {
          const file = await storage.save(companyId, "simulator", content.fileName ?? `${content.type}`, content.data);
          body = content.caption ?? "";
          stored = { path: file.path, mimetype: content.mimetype, fileName: content.fileName ?? file.name, caption: content.caption, voice: content.voice === true, size: content.data.length };
        }
      }
      const row = await insertMessage({
        chat: contact.number,
        messageId: opts.messageId ?? newSimulatorMessageId("out"),
        direction: "out",
        type,
        body,
        content: { ...stored, ...extra },
        ack: 1,
      });
      scheduleAcks(row.messageId, row.chat);
      return { messageId: row.messageId, ack: 1, timestamp: row.createdAt };
    },

    async react(_chat, messageId, emoji) {
      requireConnected();
      const row = await findSimulatorMessage(db, companyId, whatsappId, messageId);
      if (!row) throw new ProviderError("ERR_FETCH_WAPP_MSG", "no such message");
      const reactions = row.reactions.filter((r) => r.from !== ownNumber);
      if (emoji) reactions.push({ from: ownNumber, emoji });
      await updateMessage(row, { reactions });
    },

    async edit(_chat, messageId, body) {
      requireConnected();
      const row = await findSimulatorMessage(db, companyId, whatsappId, messageId);
      if (!row || row.direction !== "out" || row.type !== "text" || row.deleted) throw new ProviderError("ERR_FETCH_WAPP_MSG", "no editable message of ours");
      await updateMessage(row, { body, edited: true });
    },

    async delete(_chat, messageId, fromMe) {
      requireConnected();
      const row = await findSimulatorMessage(db, companyId, whatsappId, messageId);
      if (!row) throw new ProviderError("ERR_DELETE_WAPP_MSG", "no such message");
      // Deleting a customer's message only hides it on our side: the customer's phone keeps it.
      if (fromMe && row.direction === "out" && !row.deleted) await updateMessage(row, { deleted: true });
    },

    async markRead(chat, messageIds) {
      requireConnected();
      const key = chatKey(chat);
      if (!key || messageIds.length === 0) return;
      const rows = await db
        .select({ messageId: simulatorMessages.messageId })
        .from(simulatorMessages)
        .where(
          inCompany(
            simulatorMessages,
            companyId,
            eq(simulatorMessages.whatsappId, whatsappId),
            eq(simulatorMessages.chat, key),
            eq(simulatorMessages.direction, "in"),
            inArray(simulatorMessages.messageId, messageIds),
          ),
        );
      for (const { messageId } of rows) await setAck(messageId, 4);
    },

    async sendPresence(chat: ChatRef, presence: Presence) {
      requireConnected();
      const key = chatKey(chat);
      if (!key) return;
      emitSimulator(realtime, companyId, { action: "presence", whatsappId, chat: key, presence });
    },

    async checkNumber(number: string) {
      const digits = number.replace(/\D/g, "");
      const contact = digits ? await findSimulatorContact(db, companyId, whatsappId, digits) : undefined;
      if (contact && !contact.isGroup) return { exists: true, number: contact.number };
      return isKnownSimulatorNumber(digits) ? { exists: true, number: digits } : { exists: false };
    },

    async groupInfo(groupId: string) {
      const group = await findSimulatorContact(db, companyId, whatsappId, groupId);
      if (!group?.isGroup) throw new ProviderError("ERR_WAPP_INVALID_CONTACT", "no such group");
      const participants = await Promise.all(group.members.map(async (number) => ({ number, pushName: await pushNameOf(number) })));
      return { id: group.number, subject: group.name, participants };
    },

    async downloadMedia(media) {
      const ref = media.ref as { path?: unknown } | null;
      const path = media.provider === "simulator" && ref && typeof ref.path === "string" ? ref.path : undefined;
      // Only this company's simulator files: a forged reference must not read anything else.
      const data = path?.startsWith(`${companyId}/simulator/`) ? await storage.read(path) : null;
      if (!data) throw new ProviderError("ERR_WAPP_DOWNLOAD_MEDIA", "no such media");
      return data;
    },

    simulate,
  };
}

/** For the API: an AppError when the simulator answers that the connection is not running. */
export function isNotRunning(err: unknown): boolean {
  return err instanceof ProviderError && err.code === "ERR_WAPP_NOT_INITIALIZED";
}
