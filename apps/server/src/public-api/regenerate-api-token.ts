import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth/load-session-context.js";
import type { Db } from "../db/client.js";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { generateApiToken, hashApiToken } from "./api-token.js";

/**
 * POST /whatsapp/{id}/api-token: a new token for the connection, answered this once. Its hash replaces the previous
 * one, so regenerating is also how a leaked token is revoked.
 */
export async function regenerateApiToken(db: Db, auth: AuthContext, whatsappId: number): Promise<{ token: string }> {
  const token = generateApiToken();
  const [row] = await db
    .update(whatsapps)
    .set({ token: hashApiToken(token), updatedAt: new Date() })
    .where(inCompany(whatsapps, auth.companyId, eq(whatsapps.id, whatsappId)))
    .returning({ id: whatsapps.id });
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return { token };
}
