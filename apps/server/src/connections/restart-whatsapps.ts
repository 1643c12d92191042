import { ne } from "drizzle-orm";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import type { ConnectionDeps } from "./connection-rules.js";

/**
 * POST /whatsapp-restart/: restarts the company's sessions that should run (every status but DISCONNECTED, which
 * waits for "try again"). One failing connection does not stop the others; its card shows the failure.
 */
export async function restartWhatsapps(deps: ConnectionDeps, auth: AuthContext): Promise<void> {
  const rows = await deps.db
    .select({ id: whatsapps.id, provider: whatsapps.provider })
    .from(whatsapps)
    .where(inCompany(whatsapps, auth.companyId, ne(whatsapps.status, "DISCONNECTED")));
  for (const row of rows) {
    if (row.provider === "simulator" && !deps.config.simulatorEnabled) continue;
    try {
      await deps.sessions.startSession(row.id);
    } catch (err) {
      deps.logger.warn({ err, whatsappId: row.id }, "restart failed");
    }
  }
}

