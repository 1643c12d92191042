import { io, type Socket } from "socket.io-client";
import type { TestApp } from "./helpers.js";

export async function listen(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return `http://127.0.0.1:${address.port}`;
}

export function connectSocket(url: string, token: string | undefined): Socket {
  return io(url, { transports: ["websocket"], auth: token ? { token } : {}, reconnection: false, forceNew: true });
}

/** Resolves when connected; rejects with the server's refusal message. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (err) => reject(err));
  });
}

export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

export function emitWithAck<T = unknown>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return socket.timeout(5_000).emitWithAck(event, payload) as Promise<T>;
}

/** Waits until `check` passes or the time is up (for state written asynchronously by the server). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in time");
}
