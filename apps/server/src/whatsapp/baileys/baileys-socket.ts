import {
  Browsers,
  isJidBroadcast,
  isJidNewsletter,
  makeCacheableSignalKeyStore,
  makeWASocket,
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventEmitter,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  type proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  type WAPresence,
} from "baileys";

/**
 * The part of Baileys' socket the adapter uses. The real one (makeWASocket) satisfies it; tests give a fake, so no
 * test ever opens a connection to WhatsApp.
 */
export interface BaileysSocket {
  ev: Pick<BaileysEventEmitter, "on" | "removeAllListeners">;
  user?: Contact;
  end(error: Error | undefined): Promise<void> | void;
  logout(msg?: string): Promise<void>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  sendPresenceUpdate(type: WAPresence, toJid?: string): Promise<void>;
  presenceSubscribe(jid: string): Promise<void>;
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  groupMetadata(jid: string): Promise<GroupMetadata>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  signalRepository: { lidMapping: { getLIDForPN(pn: string): Promise<string | null> } };
}

/** Baileys' ILogger (not exported from its package root); a pino or Fastify logger fits. */
export interface ILogger {
  level: string;
  child(obj: Record<string, unknown>): ILogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export type MakeSocket = (config: UserFacingSocketConfig) => BaileysSocket;

export const makeBaileysSocket: MakeSocket = (config) => makeWASocket(config);

export interface SocketSetup {
  auth: AuthenticationState;
  logger: ILogger;
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
  cachedGroupMetadata(jid: string): Promise<GroupMetadata | undefined>;
}

/** The socket options the product needs; everything else stays Baileys' default (including its WA Web version). */
export function socketConfig({ auth, logger, getMessage, cachedGroupMetadata }: SocketSetup): UserFacingSocketConfig {
  return {
    auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, logger) },
    logger,
    browser: Browsers.ubuntu("Atendo"),
    // Our own sends are recorded by the server when it sends; echoing them back would store them twice.
    emitOwnEvents: false,
    // Keep the phone notifying: an inbox must not look "online" to customers just because the server runs.
    markOnlineOnConnect: false,
    syncFullHistory: false,
    getMessage,
    cachedGroupMetadata,
    // Status updates, broadcast lists and channels are not conversations of a help desk.
    shouldIgnoreJid: (jid) => isJidBroadcast(jid) || isJidNewsletter(jid),
  };
}

/**
 * Baileys logs a lot at info; the server's logger gets its warnings and errors, and everything when the server itself
 * runs at debug or trace.
 */
export function quietLogger(logger: ILogger): ILogger {
  const verbose = logger.level === "debug" || logger.level === "trace";
  const drop = () => undefined;
  return {
    get level() {
      return verbose ? logger.level : "warn";
    },
    child: (bindings) => quietLogger(logger.child(bindings)),
    trace: verbose ? (obj, msg) => logger.trace(obj, msg) : drop,
    debug: verbose ? (obj, msg) => logger.debug(obj, msg) : drop,
    info: verbose ? (obj, msg) => logger.info(obj, msg) : drop,
    warn: (obj, msg) => logger.warn(obj, msg),
    error: (obj, msg) => logger.error(obj, msg),
  };
}
