import type { Server } from "socket.io";
import { isErrorCode } from "@atendo/shared";
import { AppError } from "../../errors.js";
import { ProviderError, type ProviderErrorCode } from "../provider.js";

/**
 * How a command reaches the process that runs a connection's session.
 *
 * PostgreSQL's LISTEN/NOTIFY does not exist on PGlite, and a command table would need a schema change, so:
 * - one process (PGlite, or PostgreSQL without Redis): the manager calls its own sessions directly;
 * - several processes (REDIS_URL): Socket.IO's server-side emit over the Redis adapter asks every other process;
 *   the one whose session it is runs the command and acknowledges with the result, the others answer "not mine".
 */
export type SessionCommand =
  | { op: "start"; pairingNumber?: string }
  | { op: "newQr" }
  | { op: "disconnect" }
  | { op: "stop" }
  | { op: "call"; method: string; args: unknown[] };

export interface SessionCommandRequest {
  whatsappId: number;
  command: SessionCommand;
}

export type SerializedError =
  | { kind: "provider"; code: ProviderErrorCode; message: string; retryable: boolean }
  | { kind: "app"; code: string; statusCode: number; details?: Record<string, unknown>; fields?: AppError["fields"] }
  | { kind: "other"; message: string };

export type RemoteAnswer = { handled: false } | { handled: true; result?: unknown; error?: SerializedError };

export interface CommandChannel {
  /** Asks the other processes; the answer of the one that runs the session, or undefined when none does. */
  ask(request: SessionCommandRequest): Promise<Extract<RemoteAnswer, { handled: true }> | undefined>;
  /** Serves the other processes' requests. */
  serve(handler: (request: SessionCommandRequest) => Promise<RemoteAnswer>): void;
}

export const COMMAND_EVENT = "atendo:whatsapp-session-command";

export const localOnlyChannel: CommandChannel = {
  ask: async () => undefined,
  serve: () => undefined,
};

type Ack = (answer: RemoteAnswer) => void;

/** The Redis adapter carries requests and answers as JSON: buffers and dates are wrapped to survive the trip. */
export function packValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { $buffer: value.toString("base64") };
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(packValue);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, packValue(v)]));
  return value;
}

export function unpackValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unpackValue);
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.$buffer === "string" && Object.keys(record).length === 1) return Buffer.from(record.$buffer, "base64");
    if (typeof record.$date === "string" && Object.keys(record).length === 1) return new Date(record.$date);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, unpackValue(v)]));
  }
  return value;
}

/** Across processes through the Socket.IO Redis adapter (its request timeout bounds the wait, 5 s by default). */
export function socketIoChannel(io: Server): CommandChannel {
  return {
    ask(request) {
      return new Promise((resolve) => {
        // On a timeout the callback still gets the answers that came: a slow process only delays, never decides.
        io.serverSideEmit(COMMAND_EVENT, packValue(request), (_err: unknown, answers: unknown[] | undefined) => {
          const found = (answers ?? []).map((a) => unpackValue(a) as RemoteAnswer).find((a) => a?.handled);
          resolve(found as Extract<RemoteAnswer, { handled: true }> | undefined);
        });
      });
    },
    serve(handler) {
      // Server-side events are not in the typed event map of the server.
      (io as unknown as { on(event: string, listener: (request: unknown, ack: Ack) => void): void }).on(COMMAND_EVENT, (request, ack) => {
        if (typeof ack !== "function") return;
        const reply = (answer: RemoteAnswer) => ack(packValue(answer) as RemoteAnswer);
        handler(unpackValue(request) as SessionCommandRequest).then(reply, (err: unknown) => reply({ handled: true, error: serializeError(err) }));
      });
    },
  };
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof ProviderError) return { kind: "provider", code: err.code, message: err.message, retryable: err.retryable };
  if (err instanceof AppError) return { kind: "app", code: err.code, statusCode: err.statusCode, details: err.details, fields: err.fields };
  return { kind: "other", message: err instanceof Error ? err.message : String(err) };
}

export function deserializeError(error: SerializedError): Error {
  if (error.kind === "provider") return new ProviderError(error.code, error.message, error.retryable);
  if (error.kind === "app" && isErrorCode(error.code)) return new AppError(error.code, error.statusCode, error.details, error.fields);
  return new Error(error.kind === "other" ? error.message : error.code);
}
