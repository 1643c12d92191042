import { and, eq, isNull } from "drizzle-orm";
import type { AppDeps } from "../app-deps.js";
import { companies, sessions, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";

type Deps = Pick<AppDeps, "db" | "sessions" | "storage">;

/**
 * A super user deletes a company with everything it owns: every tenant table references the company with
 * `on delete cascade`, so one delete removes its users, sessions, connections, queues, contacts, tickets, messages,
 * settings and the rest. Before it, the company's WhatsApp sessions stop wherever they run; after it, its stored
 * files go. Never the platform's company nor the caller's own (403 ERR_PLATFORM_COMPANY_LOCKED).
 * Returns the sessions that ended, so the caller can close their sockets.
 */
export async function deleteCompany(deps: Deps, auth: AuthContext, companyId: number): Promise<{ endedSessionIds: string[] }> {
  const { db } = deps;
  const [target] = await db.select({ id: companies.id, isPlatform: companies.isPlatform }).from(companies).where(eq(companies.id, companyId));
  if (!target) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  if (target.isPlatform || target.id === auth.companyId) throw new AppError("ERR_PLATFORM_COMPANY_LOCKED", 403);

  const connections = await db.select({ id: whatsapps.id }).from(whatsapps).where(inCompany(whatsapps, companyId));
  for (const connection of connections) await deps.sessions.stopSession(connection.id).catch(() => undefined);

  const ended = await db.transaction(async (tx) => {
    const open = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(inCompany(sessions, companyId, isNull(sessions.revokedAt)));
    const [deleted] = await tx
      .delete(companies)
      .where(and(eq(companies.id, companyId), eq(companies.isPlatform, false)))
      .returning({ id: companies.id });
    if (!deleted) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
    return open.map((s) => s.id);
  });
  await deps.storage.removeCompany(companyId).catch(() => undefined);
  return { endedSessionIds: ended };
}
