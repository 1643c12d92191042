import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

/** A user's default connection must be one of the company's (400 otherwise: never a link to another company). */
export async function assertConnectionInCompany(db: DbOrTx, companyId: number, whatsappId: number | null | undefined): Promise<void> {
  if (whatsappId == null) return;
  const [found] = await db.select({ id: whatsapps.id }).from(whatsapps).where(inCompany(whatsapps, companyId, eq(whatsapps.id, whatsappId)));
  if (!found) throw new AppError("ERR_VALIDATION", 400, undefined, [{ path: "body.whatsappId", message: "validation.invalid" }]);
}
