import { chatKeysOf, createPerChatQueue } from "../sessions/per-chat-queue.js";
import { downloadMediaMessage, type BaileysEventMap } from "baileys";
import type { Db } from "../../db/client.js";
import { createSecretBox } from "../crypto/secret-box.js";
import { ProviderError, type Participant, type ProviderCapabilities, type ProviderEvent, type SessionContext, type WhatsAppSession } from "../provider.js";
import { createOperations, type DownloadMedia } from "./baileys-operations.js";
import { makeBaileysSocket, quietLogger, socketConfig, type BaileysSocket, type ILogger, type MakeSocket } from "./baileys-socket.js";
import { useDbAuthState, type DbAuthState } from "./db-auth-state.js";
import { GroupMetadataCache } from "./group-metadata-cache.js";
import { MAPPED_BAILEYS_EVENTS, mapBaileysEvent } from "./map-events.js";
import { identityOf, jidOfPerson, type Identity } from "./map-jid.js";
import type { MapContext } from "./map-message.js";
import { backoffDelay, decideReconnect, DEFAULT_BACKOFF, type BackoffOptions } from "./reconnect-policy.js";
import { RecentMessages } from "./recent-messages.js";
import { createSentMessageStore } from "./sent-message-store.js";
import { BAILEYS_CAPABILITIES } from "../sessions/providers.js";

/** The same as the provider's (sessions/providers.ts), which the app reads without loading Baileys. */
export const BAILEYS_SESSION_CAPABILITIES: ProviderCapabilities = BAILEYS_CAPABILITIES;

export interface BaileysSessionOptions extends SessionContext {
  db: Db;
  /** WHATSAPP_ENCRYPTION_KEY (32 bytes). */
  encryptionKey: Buffer;
  /** Older keys still read after a rotation. */
  previousEncryptionKeys?: Buffer[];
  logger: ILogger;
  /** Tests pass a fake socket; the default opens a real WhatsApp connection. */
  makeSocket?: MakeSocket;
  download?: DownloadMedia;
  backoff?: BackoffOptions;
  /** How long requestPairingCode waits for the login phase (WhatsApp's first QR) before giving up. */
  loginPhaseTimeoutMs?: number;
}

/**
 * A Baileys (WhatsApp Web multi-device) session of one connection: login by QR or pairing code, auth state in the
 * database, reconnects by disconnect reason, and every Baileys event normalised (map-events) and handed to
 * ctx.onEvent in order.
 */
export function createBaileysSession(options: BaileysSessionOptions): WhatsAppSession {
  const ctx: SessionContext = options;
  const { db } = options;
  const logger = options.logger.child({ whatsappId: options.whatsappId, provider: "beta" });
  const box = createSecretBox(options.encryptionKey, options.previousEncryptionKeys);
  const sent = createSentMessageStore(db, options.whatsappId, box);
  const recent = new RecentMessages();
  const groups = new GroupMetadataCache();
  const makeSocket = options.makeSocket ?? makeBaileysSocket;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;

  let auth: DbAuthState | undefined;
  let sock: BaileysSocket | undefined;
  let connected = false;
  /** Set by stop/logout: the socket's close is ours, not a reason to reconnect. */
  let stopped = true;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let pairing = false;
  let loginPhase: { promise: Promise<void>; resolve(): void } = deferred();
  const me: Identity = {};
  const subscribed = new Set<string>();

  /** The address book WhatsApp synced to this session (contacts events), by number or LID: for POST /contacts/import. */
  const addressBook = new Map<string, Participant & { name?: string }>();
  const remember = (events: ProviderEvent[]) => {
    for (const event of events) {
      if (event.type !== "contact") continue;
      const { imgUrl: _imgUrl, ...person } = event.contact;
      const key = person.number ?? (person.lid ? `lid:${person.lid}` : undefined);
      if (key) addressBook.set(key, { ...addressBook.get(key), ...person });
    }
    return events;
  };

  // Per chat in order, chats concurrently: a chat's next event waits until the handler persisted the previous one.
  const chats = createPerChatQueue();
  const emit = (events: ProviderEvent[]): Promise<void> =>
    Promise.all(
      events.map((event) =>
        chats.run(chatKeysOf(event), () => ctx.onEvent(event)).catch((err: unknown) => logger.error({ err, event: event.type }, "handling a WhatsApp event failed")),
      ),
    ).then(() => undefined);
  const status = (event: Omit<Extract<ProviderEvent, { type: "connection" }>, "type">) => emit([{ type: "connection", ...event }]);

  const mapContext: MapContext = { me };
  /** A completed pairing stores the signed account identity; `me` alone is also set while a pairing code is pending. */
  const loggedIn = () => !!auth?.state.creds.account;

  function connect() {
    if (!auth) return;
    const socket = makeSocket(
      socketConfig({
        auth: auth.state,
        logger: quietLogger(logger),
        getMessage: async (key) => (key.id ? sent.get(key.id).catch(() => undefined) : undefined),
        cachedGroupMetadata: async (jid) => groups.get(jid),
      }),
    );
    sock = socket;
    const current = () => sock === socket && !stopped;

    socket.ev.on("creds.update", () => {
      void auth?.saveCreds().catch((err: unknown) => logger.error({ err }, "could not save WhatsApp credentials"));
    });
    socket.ev.on("connection.update", (update) => {
      if (current()) onConnectionUpdate(socket, update);
    });
    for (const name of MAPPED_BAILEYS_EVENTS) {
      socket.ev.on(name, (payload: BaileysEventMap[typeof name]) => {
        if (!current()) return;
        if (name === "messages.upsert") onUpsert(socket, payload as BaileysEventMap["messages.upsert"]);
        groups.observe(name, payload);
        void emit(remember(mapBaileysEvent(name, payload, mapContext)));
      });
    }
  }

  function onUpsert(socket: BaileysSocket, upsert: BaileysEventMap["messages.upsert"]) {
    for (const message of upsert.messages) {
      recent.remember(message);
      // Presence of a person arrives only after subscribing to it; once per chat per connection.
      const jid = message.key.remoteJid;
      if (upsert.type === "notify" && jid && !message.key.fromMe && !subscribed.has(jid) && (identityOf(jid).number || identityOf(jid).lid)) {
        subscribed.add(jid);
        socket.presenceSubscribe(jid).catch(() => subscribed.delete(jid));
      }
    }
  }

  function onConnectionUpdate(socket: BaileysSocket, update: Partial<BaileysEventMap["connection.update"]>) {
    if (update.qr) {
      loginPhase.resolve();
      // With a pairing code requested, the QRs Baileys keeps making would replace the code on screen.
      if (!pairing) void status({ status: "qrcode", qrcode: update.qr });
    }
    if (update.connection === "open") {
      connected = true;
      attempt = 0;
      pairing = false;
      Object.assign(me, identityOf(socket.user?.id), socket.user?.lid ? { lid: identityOf(socket.user.lid).lid } : {});
      void status({ status: "CONNECTED", ...(me.number ? { number: me.number } : {}) });
    }
    if (update.connection === "close") {
      connected = false;
      void onClose(update.lastDisconnect?.error);
    }
  }

  async function onClose(error: Error | undefined) {
    const statusCode = (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
    const decision = decideReconnect({ statusCode, message: error?.message, loggedIn: loggedIn() });
    logger.info({ statusCode, reason: error?.message, decision }, "WhatsApp connection closed");
    sock = undefined;
    subscribed.clear();
    if (decision.action === "reconnect-now") return reconnect();
    if (decision.action === "backoff") {
      const delay = backoffDelay(attempt++, backoff);
      await status({ status: "OPENING", reason: error?.message });
      if (stopped) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        if (!stopped) reconnect();
      }, delay);
      return;
    }
    stopped = true;
    pairing = false;
    if (decision.wipeLogin) await auth?.clear().catch((err: unknown) => logger.error({ err }, "could not wipe the WhatsApp login"));
    if (decision.wipeLogin) auth = undefined;
    await status({ status: decision.status, reason: error?.message ?? decision.status });
  }

  /** A socket that cannot even be made (bad configuration) ends the session visibly instead of throwing in a timer. */
  function reconnect() {
    try {
      connect();
    } catch (err) {
      logger.error({ err }, "could not open a WhatsApp socket");
      stopped = true;
      void status({ status: "DISCONNECTED", reason: err instanceof Error ? err.message : String(err) });
    }
  }

  async function shutdown() {
    stopped = true;
    connected = false;
    pairing = false;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = undefined;
    const socket = sock;
    sock = undefined;
    if (socket) await Promise.resolve(socket.end(undefined)).catch(() => undefined);
    await chats.idle();
  }

  const operations = createOperations({
    socket: () => {
      if (!sock || !connected) throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "WhatsApp is not connected", true);
      return sock;
    },
    currentSocket: () => sock,
    recent,
    sent,
    groups,
    logger,
    download: options.download ?? downloadMediaMessage,
  });

  async function start() {
    if (!stopped) return;
    stopped = false;
    attempt = 0;
    loginPhase = deferred();
    auth = await useDbAuthState(db, options.whatsappId, box);
    await status({ status: "OPENING" });
    // stop() may have come while the login was being read.
    if (!stopped) connect();
  }

  return {
    capabilities: BAILEYS_SESSION_CAPABILITIES,

    async listContacts() {
      return [...addressBook.values()];
    },

    start,

    stop: shutdown,

    async logout() {
      const socket = connected ? sock : undefined;
      // Tell WhatsApp to drop this device; a failure (offline) still forgets the login here.
      if (socket) await socket.logout().catch((err: unknown) => logger.warn({ err }, "WhatsApp logout request failed"));
      await shutdown();
      await (auth ?? (await useDbAuthState(db, options.whatsappId, box))).clear();
      auth = undefined;
      await status({ status: "DISCONNECTED", reason: "logout" });
    },

    async requestPairingCode(phoneNumber) {
      let jid: string;
      try {
        jid = jidOfPerson({ number: phoneNumber.replace(/\D/g, "") });
      } catch (err) {
        throw new ProviderError("ERR_WAPP_INVALID_CONTACT", err instanceof Error ? err.message : String(err));
      }
      if (stopped) await start();
      if (loggedIn()) throw new ProviderError("ERR_NOT_SUPPORTED", "this connection is already logged in");
      // WhatsApp accepts a pairing request only once the socket is in its login phase (when it would show a QR).
      const timeout = options.loginPhaseTimeoutMs ?? 30_000;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ProviderError("ERR_WAPP_NOT_INITIALIZED", "WhatsApp did not reach the login phase", true)), timeout);
      });
      try {
        await Promise.race([loginPhase.promise, late]);
      } finally {
        clearTimeout(timer);
      }
      const socket = sock;
      if (!socket) throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "not connecting", true);
      try {
        pairing = true;
        const code = await socket.requestPairingCode(identityOf(jid).number!);
        await status({ status: "PAIRING", pairingCode: code });
        return code;
      } catch (err) {
        pairing = false;
        throw err instanceof ProviderError ? err : new ProviderError("ERR_WAPP_NOT_INITIALIZED", err instanceof Error ? err.message : String(err), true);
      }
    },

    ...operations,
  };
}

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
