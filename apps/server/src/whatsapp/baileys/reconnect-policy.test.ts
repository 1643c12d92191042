import { DisconnectReason } from "baileys";
import { describe, expect, it } from "vitest";
import { backoffDelay, decideReconnect } from "./reconnect-policy.js";

describe("decideReconnect", () => {
  it("reconnects at once when WhatsApp asks for a restart (after pairing)", () => {
    expect(decideReconnect({ statusCode: DisconnectReason.restartRequired, loggedIn: true })).toEqual({ action: "reconnect-now" });
  });

  it("wipes the login and stops, DISCONNECTED, when logged out", () => {
    expect(decideReconnect({ statusCode: DisconnectReason.loggedOut, loggedIn: true })).toEqual({ action: "stop", status: "DISCONNECTED", wipeLogin: true });
  });

  it("stops without a loop, keeping the login, when the connection was replaced", () => {
    expect(decideReconnect({ statusCode: DisconnectReason.connectionReplaced, loggedIn: true })).toEqual({
      action: "stop",
      status: "DISCONNECTED",
      wipeLogin: false,
    });
  });

  it("ends in TIMEOUT when the QR codes ran out before a login", () => {
    expect(decideReconnect({ statusCode: DisconnectReason.timedOut, message: "QR refs attempts ended", loggedIn: false })).toEqual({
      action: "stop",
      status: "TIMEOUT",
      wipeLogin: false,
    });
    expect(decideReconnect({ statusCode: DisconnectReason.timedOut, loggedIn: false }).action).toBe("stop");
  });

  it("backs off on a lost connection of a logged-in session, and on everything else", () => {
    for (const statusCode of [
      DisconnectReason.connectionLost,
      DisconnectReason.connectionClosed,
      DisconnectReason.badSession,
      DisconnectReason.unavailableService,
      undefined,
    ]) {
      expect(decideReconnect({ statusCode, message: "Connection Terminated", loggedIn: true })).toEqual({ action: "backoff", status: "OPENING" });
    }
  });

  it("does not retry a banned or refused device", () => {
    expect(decideReconnect({ statusCode: DisconnectReason.forbidden, loggedIn: true }).action).toBe("stop");
    expect(decideReconnect({ statusCode: DisconnectReason.multideviceMismatch, loggedIn: true }).action).toBe("stop");
  });
});

describe("backoffDelay", () => {
  const opts = { baseMs: 1_000, capMs: 30_000 };

  it("doubles per attempt up to the cap", () => {
    const top = (attempt: number) => backoffDelay(attempt, { ...opts, random: () => 1 });
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(top)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it("jitters between half and all of the step", () => {
    expect(backoffDelay(3, { ...opts, random: () => 0 })).toBe(4_000);
    expect(backoffDelay(3, { ...opts, random: () => 0.5 })).toBe(6_000);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(2, opts);
      expect(d).toBeGreaterThanOrEqual(2_000);
      expect(d).toBeLessThanOrEqual(4_000);
    }
  });
});
