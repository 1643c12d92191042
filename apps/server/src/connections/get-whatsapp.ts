import { eq } from "drizzle-orm";
import { can, type WhatsAppView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { presentWhatsapp } from "./present-whatsapp.js";
import { loadWhatsappQueues } from "./whatsapp-queues.js";

/** The connection's row in the company, or 404 ERR_NO_WAPP_FOUND (another company's id is no different). */
export async function findWhatsapp(db: DbOrTx, companyId: number, whatsappId: number) {
  const [row] = await db.select().from(whatsapps).where(inCompany(whatsapps, companyId, eq(whatsapps.id, whatsappId)));
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return row;
}

/** The API token is for admins (spec: connection card, admin actions). */
export const seesToken = (auth: AuthContext) => can(auth, "connections-page:editOrDeleteConnection");

export async function loadWhatsappView(db: DbOrTx, companyId: number, whatsappId: number, opts: { withToken: boolean }): Promise<WhatsAppView> {
  const row = await findWhatsapp(db, companyId, whatsappId);
  const queues = await loadWhatsappQueues(db, companyId, [row.id]);
  return presentWhatsapp(row, queues.get(row.id) ?? [], opts);
}

/** GET /whatsapp/{id}: everyone in the company (tickets and transfers name connections). */
export async function getWhatsapp(db: DbOrTx, auth: AuthContext, whatsappId: number): Promise<WhatsAppView> {
  return loadWhatsappView(db, auth.companyId, whatsappId, { withToken: seesToken(auth) });
}
