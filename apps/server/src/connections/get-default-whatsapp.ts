import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

/** The company's default connection (new tickets and outgoing messages without one use it), or ERR_NO_DEF_WAPP_FOUND. */
export async function getDefaultWhatsapp(db: DbOrTx, companyId: number) {
  const [row] = await db.select().from(whatsapps).where(inCompany(whatsapps, companyId, eq(whatsapps.isDefault, true)));
  if (!row) throw new AppError("ERR_NO_DEF_WAPP_FOUND", 404);
  return row;
}
