import { asc } from "drizzle-orm";
import type { WhatsAppView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { seesToken } from "./get-whatsapp.js";
import { presentWhatsapp } from "./present-whatsapp.js";
import { loadWhatsappQueues } from "./whatsapp-queues.js";

/** GET /whatsapp/: the company's connections in creation order (a company has a handful; no paging). */
export async function listWhatsapps(db: Db, auth: AuthContext): Promise<WhatsAppView[]> {
  const rows = await db.select().from(whatsapps).where(inCompany(whatsapps, auth.companyId)).orderBy(asc(whatsapps.id));
  const queues = await loadWhatsappQueues(db, auth.companyId, rows.map((r) => r.id));
  const withToken = seesToken(auth);
  return rows.map((row) => presentWhatsapp(row, queues.get(row.id) ?? [], { withToken }));
}
