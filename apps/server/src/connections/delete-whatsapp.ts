import { and, asc, eq } from "drizzle-orm";
import { companies, simulatorMessages, users, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import type { AuthContext } from "../auth/load-session-context.js";
import type { ConnectionDeps } from "./connection-rules.js";
import { findWhatsapp } from "./get-whatsapp.js";

/**
 * Deletes a connection: its session stops wherever it runs, its login, queue links, lease and simulator network go
 * with the row. Deleting the default hands the flag to the oldest remaining connection; deleting the last one is
 * allowed (the company then has none, and the next one it adds becomes the default).
 */
export async function deleteWhatsapp(deps: ConnectionDeps, auth: AuthContext, whatsappId: number): Promise<{ promotedId?: number }> {
  const { db } = deps;
  const { companyId } = auth;
  await findWhatsapp(db, companyId, whatsappId);
  await deps.sessions.stopSession(whatsappId);
  const files = await db
    .select({ content: simulatorMessages.content })
    .from(simulatorMessages)
    .where(inCompany(simulatorMessages, companyId, eq(simulatorMessages.whatsappId, whatsappId)));

  const result = await db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    const [deleted] = await tx
      .delete(whatsapps)
      .where(inCompany(whatsapps, companyId, eq(whatsapps.id, whatsappId)))
      .returning({ isDefault: whatsapps.isDefault });
    if (!deleted) throw new AppError("ERR_NO_WAPP_FOUND", 404);
    // A user's default connection (users.whatsapp_id) must not point at nothing.
    await tx.update(users).set({ whatsappId: null }).where(inCompany(users, companyId, eq(users.whatsappId, whatsappId)));
    if (!deleted.isDefault) return {};
    const [next] = await tx.select({ id: whatsapps.id }).from(whatsapps).where(inCompany(whatsapps, companyId)).orderBy(asc(whatsapps.id)).limit(1);
    if (!next) return {};
    await tx
      .update(whatsapps)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(and(inCompany(whatsapps, companyId), eq(whatsapps.id, next.id)));
    return { promotedId: next.id };
  });
  for (const { content } of files) {
    if (typeof content.path === "string") await deps.storage.remove(content.path).catch(() => undefined);
  }
  return result;
}
