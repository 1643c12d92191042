import type { FastifyBaseLogger } from "fastify";
import type { WhatsAppProvider } from "@atendo/shared";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { FileStorage } from "../../storage/file-storage.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { Outbound } from "../../outbound/outbound.js";
import { ProviderError, type ProviderCapabilities, type SessionContext, type WhatsAppSession } from "../provider.js";

/** What a provider's sessions may use from the server. */
export interface ProviderDeps {
  db: Db;
  storage: FileStorage;
  logger: FastifyBaseLogger;
  realtime: Pick<Realtime, "toCompany" | "toAdmins" | "toRooms">;
  config: Config;
  /** The guarded client for outside services (the Cloud API's Graph calls); absent where no provider needs it. */
  outbound?: Outbound;
}

/**
 * One provider: its capabilities (known without a live session, so the connections page can show them) and how
 * to make a session. The session manager creates sessions only through these.
 */
export interface ProviderDefinition {
  name: WhatsAppProvider;
  capabilities: ProviderCapabilities;
  createSession(ctx: SessionContext, deps: ProviderDeps): WhatsAppSession;
}

/** The providers this process offers, by name; a provider turned off by configuration is absent. */
export type ProviderRegistry = ReadonlyMap<WhatsAppProvider, ProviderDefinition>;

export const BAILEYS_CAPABILITIES: ProviderCapabilities = {
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

/**
 * A "beta" provider whose sessions refuse to start (the connection shows DISCONNECTED, "failed to start"): for tests
 * of the session manager, and wherever Baileys must not run. The app registers the real one (whatsapp/baileys/).
 */
export const unavailableBaileysProvider: ProviderDefinition = {
  name: "beta",
  capabilities: BAILEYS_CAPABILITIES,
  createSession() {
    const refuse = async (): Promise<never> => {
      throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "the Baileys provider is not available in this build");
    };
    return {
      capabilities: BAILEYS_CAPABILITIES,
      start: refuse,
      stop: async () => undefined,
      logout: async () => undefined,
      requestPairingCode: refuse,
      send: refuse,
      react: refuse,
      edit: refuse,
      delete: refuse,
      markRead: refuse,
      sendPresence: refuse,
      checkNumber: refuse,
      groupInfo: refuse,
      downloadMedia: refuse,
      listContacts: refuse,
    };
  },
};

export function createProviderRegistry(definitions: ProviderDefinition[]): ProviderRegistry {
  return new Map(definitions.map((d) => [d.name, d]));
}
