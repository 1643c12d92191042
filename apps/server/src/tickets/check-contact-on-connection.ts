import type { FastifyBaseLogger } from "fastify";
import type { SessionManager } from "../whatsapp/sessions/session-manager.js";

/**
 * Whether the contact's number has WhatsApp, asked of the ticket's connection when it is connected (as
 * connections/check-number-on-default.ts does for the default one). Not connected, a provider that cannot tell, or a
 * failure: "unchecked", and the ticket is created (nobody is refused unasked).
 */
export async function checkContactOnConnection(
  deps: { sessions: SessionManager; logger?: FastifyBaseLogger },
  connection: { id: number; status: string },
  number: string,
): Promise<"valid" | "invalid" | "unchecked"> {
  if (connection.status !== "CONNECTED" || !number) return "unchecked";
  try {
    const { exists } = await deps.sessions.call(connection.id, "checkNumber", number);
    return exists ? "valid" : "invalid";
  } catch (err) {
    deps.logger?.debug({ err, connectionId: connection.id }, "number check not available");
    return "unchecked";
  }
}
