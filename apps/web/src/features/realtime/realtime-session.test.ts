import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Socket } from "socket.io-client";
import { CLIENT_EVENTS, USER_STATUS_HEARTBEAT_MS, companyEvent } from "@atendo/shared";
import { attachRealtimeSession, type RealtimeSessionOptions } from "./realtime-session.js";

/** Just enough of a socket.io client: handlers by event, emitted events recorded. */
class FakeSocket {
  connected = false;
  emitted: string[] = [];
  connects = 0;
  private handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, handler: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string) {
    this.emitted.push(event);
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  /** The server side: fire an event at the client. */
  receive(event: string, ...args: unknown[]) {
    if (event === "connect") this.connected = true;
    if (event === "disconnect") this.connected = false;
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  listenerCount() {
    return [...this.handlers.values()].reduce((n, set) => n + set.size, 0);
  }
}

function setup(overrides: Partial<RealtimeSessionOptions> = {}) {
  const socket = new FakeSocket();
  const options = {
    socket: socket as unknown as Socket,
    userId: 7,
    companyId: 3,
    getSessionId: () => "mine",
    refresh: vi.fn(async () => ({})),
    signOut: vi.fn(),
    onSecondLogin: vi.fn(),
    onSettingUpdate: vi.fn(),
    ...overrides,
  } satisfies RealtimeSessionOptions;
  const detach = attachRealtimeSession(options);
  return { socket, options, detach };
}

describe("attachRealtimeSession", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("joins notifications and reports user status on connect, then every heartbeat", () => {
    const { socket } = setup();
    socket.receive("connect");
    expect(socket.emitted).toEqual([CLIENT_EVENTS.joinNotification, CLIENT_EVENTS.userStatus]);
    vi.advanceTimersByTime(USER_STATUS_HEARTBEAT_MS);
    expect(socket.emitted.at(-1)).toBe(CLIENT_EVENTS.userStatus);
    expect(socket.emitted).toHaveLength(3);
  });

  it("refreshes and reconnects when the handshake token expired", async () => {
    const { socket, options } = setup();
    socket.receive("connect_error", new Error("ERR_INVALID_TOKEN"));
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    expect(options.refresh).toHaveBeenCalledTimes(1);
    expect(options.signOut).not.toHaveBeenCalled();
  });

  it("signs out when the session is over", () => {
    const { socket, options } = setup();
    socket.receive("connect_error", new Error("ERR_SESSION_EXPIRED"));
    expect(options.signOut).toHaveBeenCalledTimes(1);
    expect(options.refresh).not.toHaveBeenCalled();
  });

  it("refreshes after a server disconnect and signs out when that refresh fails", async () => {
    const { socket, options } = setup({ refresh: vi.fn(async () => Promise.reject(new Error("401"))) });
    socket.receive("disconnect", "transport close");
    expect(options.refresh).not.toHaveBeenCalled();
    socket.receive("disconnect", "io server disconnect");
    await vi.waitFor(() => expect(options.signOut).toHaveBeenCalledTimes(1));
    expect(socket.connects).toBe(0);
  });

  it("refreshes after session-expired with an expired token", async () => {
    const { socket, options } = setup();
    socket.receive("session-expired", { error: "ERR_INVALID_TOKEN" });
    socket.receive("disconnect", "io server disconnect");
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    expect(options.refresh).toHaveBeenCalledTimes(1);
  });

  it("signs out without refreshing after session-expired for an ended session", () => {
    const { socket, options } = setup();
    socket.receive("session-expired", { error: "ERR_SESSION_EXPIRED" });
    socket.receive("disconnect", "io server disconnect");
    expect(options.signOut).toHaveBeenCalledTimes(1);
    expect(options.refresh).not.toHaveBeenCalled();
  });

  it("reacts to a second login of the same user in another session only", () => {
    const { socket, options } = setup();
    const event = companyEvent.auth(3);
    socket.receive(event, { action: "second-login", user: { id: 7 }, sessionId: "mine" });
    socket.receive(event, { action: "second-login", user: { id: 8 }, sessionId: "other" });
    expect(options.onSecondLogin).not.toHaveBeenCalled();
    socket.receive(event, { action: "second-login", user: { id: 7 }, sessionId: "other" });
    expect(options.onSecondLogin).toHaveBeenCalledTimes(1);
  });

  it("passes setting updates on and detaches everything", () => {
    const { socket, options, detach } = setup();
    socket.receive(companyEvent.settings(3), { action: "update", setting: { key: "call", value: "disabled" } });
    expect(options.onSettingUpdate).toHaveBeenCalledWith({ key: "call", value: "disabled" });
    detach();
    expect(socket.listenerCount()).toBe(0);
    socket.connected = true;
    vi.advanceTimersByTime(USER_STATUS_HEARTBEAT_MS * 2);
    expect(socket.emitted).toEqual([]);
  });
});
