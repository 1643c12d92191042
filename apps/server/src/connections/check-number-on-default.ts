import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import type { WhatsAppNumberChecker } from "../contacts/check-whatsapp-number.js";
import type { SessionManager } from "../whatsapp/sessions/session-manager.js";
import { getDefaultWhatsapp } from "./get-default-whatsapp.js";

/**
 * Whether a number has WhatsApp, asked of the company's default connection when it is connected. Without one (none,
 * not connected, a provider that cannot tell, a failure) the answer is "unchecked": nobody is marked invalid unasked.
 */
export function checkNumberOnDefault(deps: { db: Db; sessions: SessionManager; logger?: FastifyBaseLogger }): WhatsAppNumberChecker {
  return async (companyId, number) => {
    try {
      const connection = await getDefaultWhatsapp(deps.db, companyId);
      if (connection.status !== "CONNECTED") return "unchecked";
      const { exists } = await deps.sessions.call(connection.id, "checkNumber", number);
      return exists ? "valid" : "invalid";
    } catch (err) {
      deps.logger?.debug({ err, companyId }, "number check not available");
      return "unchecked";
    }
  };
}
