import type { Socket } from "socket.io-client";
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  USER_STATUS_HEARTBEAT_MS,
  companyEvent,
  type AuthEventPayload,
  type SettingEntry,
} from "@atendo/shared";

export interface RealtimeSessionOptions {
  socket: Socket;
  userId: number;
  companyId: number;
  /** The session id this browser holds (second-login events about it are ours). */
  getSessionId: () => string | null;
  /** Renews the access token; rejects when the session is over. */
  refresh: () => Promise<unknown>;
  /** Ends the session locally and goes to /login. */
  signOut: () => void;
  /** The same user signed in elsewhere. */
  onSecondLogin: () => void;
  onSettingUpdate: (setting: SettingEntry) => void;
}

interface SettingsEventPayload {
  action: string;
  setting?: SettingEntry;
}

/**
 * Wires one socket to the session rules of spec section 4: join and heartbeat on connect,
 * refresh-and-reconnect when the server refuses or drops an expired token, sign-out when the session ended.
 * The socket's `auth` must read the current token at each connect, so a reconnect after a refresh uses the new one.
 * Returns a function that removes every handler and timer.
 */
export function attachRealtimeSession(options: RealtimeSessionOptions): () => void {
  const { socket } = options;
  let stopped = false;
  let reconnecting = false;
  // Why the server is about to close us (SERVER_EVENTS.sessionExpired): an expired token or an ended session.
  let closingReason: string | undefined;

  const announce = () => {
    socket.emit(CLIENT_EVENTS.joinNotification);
    socket.emit(CLIENT_EVENTS.userStatus);
  };

  const refreshAndReconnect = async () => {
    if (reconnecting || stopped) return;
    reconnecting = true;
    try {
      await options.refresh();
      if (!stopped) socket.connect();
    } catch {
      if (!stopped) options.signOut();
    } finally {
      reconnecting = false;
    }
  };

  const onConnectError = (error: Error) => {
    if (error.message === "ERR_INVALID_TOKEN") void refreshAndReconnect();
    else if (error.message === "ERR_SESSION_EXPIRED") options.signOut();
    // Other failures (server down, network) are retried by socket.io itself.
  };

  const onSessionExpired = (payload: { error?: string } | undefined) => {
    closingReason = payload?.error;
  };

  const onDisconnect = (reason: string) => {
    if (reason !== "io server disconnect") return; // socket.io reconnects transport failures itself
    const ended = closingReason === "ERR_SESSION_EXPIRED";
    closingReason = undefined;
    // A revoked session (logout elsewhere, password change) cannot be refreshed; an expired token can.
    if (ended) options.signOut();
    else void refreshAndReconnect();
  };

  const onAuthEvent = (payload: AuthEventPayload) => {
    if (payload?.action !== "second-login") return;
    if (payload.user?.id !== options.userId) return;
    if (payload.sessionId === options.getSessionId()) return;
    options.onSecondLogin();
  };

  const onSettingsEvent = (payload: SettingsEventPayload) => {
    if (payload?.action === "update" && payload.setting) options.onSettingUpdate(payload.setting);
  };

  const authEvent = companyEvent.auth(options.companyId);
  const settingsEvent = companyEvent.settings(options.companyId);

  socket.on("connect", announce);
  socket.on("connect_error", onConnectError);
  socket.on("disconnect", onDisconnect);
  socket.on(SERVER_EVENTS.sessionExpired, onSessionExpired);
  socket.on(authEvent, onAuthEvent);
  socket.on(settingsEvent, onSettingsEvent);
  if (socket.connected) announce();

  const heartbeat = setInterval(() => {
    if (socket.connected) socket.emit(CLIENT_EVENTS.userStatus);
  }, USER_STATUS_HEARTBEAT_MS);

  return () => {
    stopped = true;
    clearInterval(heartbeat);
    socket.off("connect", announce);
    socket.off("connect_error", onConnectError);
    socket.off("disconnect", onDisconnect);
    socket.off(SERVER_EVENTS.sessionExpired, onSessionExpired);
    socket.off(authEvent, onAuthEvent);
    socket.off(settingsEvent, onSettingsEvent);
  };
}
