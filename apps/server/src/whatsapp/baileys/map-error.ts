import { DisconnectReason } from "baileys";
import { ProviderError, type ProviderErrorCode } from "../provider.js";

/** Boom-style errors Baileys throws carry an HTTP-like status. */
function statusOf(err: unknown): number | undefined {
  const e = err as { output?: { statusCode?: unknown }; statusCode?: unknown; data?: unknown } | null;
  const code = e?.output?.statusCode ?? e?.statusCode;
  return typeof code === "number" ? code : undefined;
}

const RETRYABLE = new Set<number>([
  DisconnectReason.connectionClosed,
  DisconnectReason.connectionLost, // also timedOut (408)
  DisconnectReason.restartRequired,
  DisconnectReason.unavailableService,
  DisconnectReason.badSession,
  429,
]);

/**
 * Any error of a Baileys call as a ProviderError: the operation's code, except a closed connection, which is
 * ERR_WAPP_NOT_INITIALIZED, and an address WhatsApp refuses (400/404), which is ERR_WAPP_INVALID_CONTACT.
 */
export function toProviderError(err: unknown, code: ProviderErrorCode): ProviderError {
  if (err instanceof ProviderError) return err;
  const status = statusOf(err);
  const message = err instanceof Error ? err.message : String(err);
  if (status === DisconnectReason.connectionClosed || /connection closed/i.test(message)) {
    return new ProviderError("ERR_WAPP_NOT_INITIALIZED", message, true);
  }
  if (status === 400 || status === 404 || /not-acceptable|item-not-found|bad-request/i.test(message)) {
    return new ProviderError("ERR_WAPP_INVALID_CONTACT", message, false);
  }
  return new ProviderError(code, message, status !== undefined && RETRYABLE.has(status));
}
