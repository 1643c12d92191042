import { DisconnectReason } from "baileys";
import type { ConnectionStatus } from "../provider.js";

export type ReconnectDecision =
  /** Open a new socket at once, keeping the login (after pairing WhatsApp asks for exactly this). */
  | { action: "reconnect-now" }
  /** Try again after a back-off; the connection shows OPENING meanwhile. */
  | { action: "backoff"; status: "OPENING" }
  /** Do not reconnect: someone must act (scan again, or take the session back). */
  | { action: "stop"; status: Extract<ConnectionStatus, "DISCONNECTED" | "TIMEOUT">; wipeLogin: boolean };

export interface CloseInfo {
  statusCode?: number;
  message?: string;
  /** Whether this connection had a login (creds registered) when it closed. */
  loggedIn: boolean;
}

/** What to do when Baileys closes the socket, by DisconnectReason. */
export function decideReconnect({ statusCode, message = "", loggedIn }: CloseInfo): ReconnectDecision {
  switch (statusCode) {
    case DisconnectReason.restartRequired:
      return { action: "reconnect-now" };
    case DisconnectReason.loggedOut:
      // Logged out on the phone (or the login was refused): the stored login is useless, the next start needs a QR.
      return { action: "stop", status: "DISCONNECTED", wipeLogin: true };
    case DisconnectReason.connectionReplaced:
      // Another client took this login; reconnecting would take it back and start a replace loop.
      return { action: "stop", status: "DISCONNECTED", wipeLogin: false };
    case DisconnectReason.forbidden:
    case DisconnectReason.multideviceMismatch:
      // Banned or refused device: retrying cannot help.
      return { action: "stop", status: "DISCONNECTED", wipeLogin: false };
  }
  // 408 is both "QR refs attempts ended" and a lost connection: before a login it means nobody scanned in time.
  if ((statusCode === DisconnectReason.timedOut && !loggedIn) || /QR refs attempts ended/i.test(message)) {
    return { action: "stop", status: "TIMEOUT", wipeLogin: false };
  }
  return { action: "backoff", status: "OPENING" };
}

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** 0..1; Math.random by default. */
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 2_000, capMs: 60_000 };

/**
 * Exponential delay with a cap and "equal jitter" (half fixed, half random), so a server restart does not bring every
 * connection back at the same instant. `attempt` counts from 0.
 */
export function backoffDelay(attempt: number, { baseMs, capMs, random = Math.random }: BackoffOptions = DEFAULT_BACKOFF): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
