import { sealTranscribeKey } from "../ai/ai-secrets.js";
import type { FastifyBaseLogger } from "fastify";
import type { WhatsAppProvider } from "@atendo/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { AppError } from "../errors.js";
import type { FileStorage } from "../storage/file-storage.js";
import type { SessionManager } from "../whatsapp/sessions/session-manager.js";

/** What the connection services use. */
export interface ConnectionDeps {
  db: Db;
  config: Pick<Config, "simulatorEnabled" | "nodeEnv"> & Partial<Pick<Config, "whatsappEncryptionKey">>;
  sessions: SessionManager;
  storage: FileStorage;
  logger: FastifyBaseLogger;
}

/**
 * The provider of a new connection when none is chosen: Baileys ("beta", the spec's default) in production; the
 * simulator in the embedded default (simulator on, not production), where a first try needs no phone.
 */
export function defaultProvider(config: ConnectionDeps["config"]): WhatsAppProvider {
  return config.simulatorEnabled && config.nodeEnv !== "production" ? "simulator" : "beta";
}

export function assertProviderAllowed(config: ConnectionDeps["config"], provider: WhatsAppProvider): void {
  if (provider === "simulator" && !config.simulatorEnabled) throw new AppError("ERR_SIMULATOR_DISABLED", 400);
}

/** Spec 5: with more than one queue the greeting message is required (it offers the queues to choose from). */
export function assertGreeting(queueIds: number[], greetingMessage: string): void {
  if (new Set(queueIds).size > 1 && greetingMessage.trim() === "") throw new AppError("ERR_WAPP_GREETING_REQUIRED", 400);
}

/** The transcription key as stored: sealed when the app has its encryption key (ai/ai-secrets.ts). */
export function transcribeKeyPatch(config: ConnectionDeps["config"], companyId: number, value: string | null | undefined): string | null | undefined {
  const patch = secretPatch(value);
  return patch && config.whatsappEncryptionKey ? sealTranscribeKey(config.whatsappEncryptionKey, companyId, patch) : patch;
}

/** Write-only secrets: absent keeps the stored value, null or "" clears it. */
export function secretPatch(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null || value.trim() === "" ? null : value;
}

/** Starts a new or changed connection's session; a failure shows as DISCONNECTED on the card, not as a failed save. */
export async function startQuietly(deps: ConnectionDeps, whatsappId: number): Promise<void> {
  try {
    await deps.sessions.startSession(whatsappId);
  } catch (err) {
    deps.logger.warn({ err, whatsappId }, "connection saved; its session did not start");
  }
}
