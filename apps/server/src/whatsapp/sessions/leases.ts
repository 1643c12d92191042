import { and, eq, inArray, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { WhatsAppProvider } from "@atendo/shared";
import type { DbOrTx } from "../../db/client.js";
import { sessionLeases, whatsapps } from "../../db/schema.js";
import { isForeignKeyViolation } from "./db-errors.js";

/**
 * Session leases (table session_leases): the process named in `holder` runs the connection's live session until
 * `expires_at`, and renews it while it lives. Times come from the database clock (now()), never from the processes',
 * so skewed clocks cannot make two holders. These queries cross companies by nature: the session manager serves all.
 */

const until = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Takes the lease when it is free, expired, or already ours (then it is extended). One statement: two processes
 * racing for one connection cannot both win. False when another live holder has it or the connection is gone.
 */
export async function acquireLease(db: DbOrTx, whatsappId: number, holder: string, seconds: number): Promise<boolean> {
  try {
    const rows = await db
      .insert(sessionLeases)
      .values({ whatsappId, holder, expiresAt: until(seconds) as unknown as Date })
      .onConflictDoUpdate({
        target: sessionLeases.whatsappId,
        set: {
          holder,
          expiresAt: until(seconds) as unknown as Date,
          // Kept when we only extend our own lease: acquiredAt says when this holder took over.
          acquiredAt: sql`case when ${sessionLeases.holder} = ${holder} then ${sessionLeases.acquiredAt} else now() end`,
        },
        setWhere: or(lt(sessionLeases.expiresAt, sql`now()`), eq(sessionLeases.holder, holder)),
      })
      .returning({ whatsappId: sessionLeases.whatsappId });
    return rows.length === 1;
  } catch (err) {
    // The connection was deleted meanwhile: nothing to hold.
    if (isForeignKeyViolation(err)) return false;
    throw err;
  }
}

/** Extends our leases of these connections; answers the ones still ours (the others were lost or deleted). */
export async function renewLeases(db: DbOrTx, whatsappIds: number[], holder: string, seconds: number): Promise<Set<number>> {
  if (whatsappIds.length === 0) return new Set();
  const rows = await db
    .update(sessionLeases)
    .set({ expiresAt: until(seconds) as unknown as Date })
    .where(and(eq(sessionLeases.holder, holder), inArray(sessionLeases.whatsappId, whatsappIds)))
    .returning({ whatsappId: sessionLeases.whatsappId });
  return new Set(rows.map((r) => r.whatsappId));
}

export async function releaseLease(db: DbOrTx, whatsappId: number, holder: string): Promise<void> {
  await db.delete(sessionLeases).where(and(eq(sessionLeases.whatsappId, whatsappId), eq(sessionLeases.holder, holder)));
}

/** Who holds a connection's lease now (null when nobody holds a live one). */
export async function liveLeaseHolder(db: DbOrTx, whatsappId: number): Promise<string | null> {
  const [row] = await db
    .select({ holder: sessionLeases.holder })
    .from(sessionLeases)
    .where(and(eq(sessionLeases.whatsappId, whatsappId), sql`${sessionLeases.expiresAt} >= now()`));
  return row?.holder ?? null;
}

/** Of these connections, the ones some process runs now (a live lease), in one statement. */
export async function connectionsWithLiveLease(db: DbOrTx, whatsappIds: number[]): Promise<Set<number>> {
  if (whatsappIds.length === 0) return new Set();
  const rows = await db
    .select({ whatsappId: sessionLeases.whatsappId })
    .from(sessionLeases)
    .where(and(inArray(sessionLeases.whatsappId, whatsappIds), sql`${sessionLeases.expiresAt} >= now()`));
  return new Set(rows.map((r) => r.whatsappId));
}

/**
 * At start: the leases a former life of this instance held (its holder begins with our instance prefix, but is not
 * us) become ours at once, whatever their expiry. One live process per instance id (the data folder's lock ensures
 * it for the id kept there; INSTANCE_ID must be unique by configuration), so that former life is dead. Were it alive
 * after all, it loses the leases at its next renewal and stops: one holder per session still.
 */
export async function reclaimInstanceLeases(db: DbOrTx, instancePrefix: string, holder: string, seconds: number): Promise<number[]> {
  const rows = await db
    .update(sessionLeases)
    .set({ holder, expiresAt: until(seconds) as unknown as Date, acquiredAt: sql`now()` })
    .where(and(sql`starts_with(${sessionLeases.holder}, ${instancePrefix})`, ne(sessionLeases.holder, holder)))
    .returning({ whatsappId: sessionLeases.whatsappId });
  return rows.map((r) => r.whatsappId);
}

/**
 * Connections that should run but nobody runs (unscoped: every company): not DISCONNECTED (that status is what the
 * user's disconnect, a logout at WhatsApp or a failed start leave), of a provider this process offers, with no live
 * lease (or a lease `holder` holds without running the session: reclaimed at start). The boot start and the periodic
 * sweep take these.
 */
export async function listOrphanedConnectionsUnscoped(
  db: DbOrTx,
  providers: WhatsAppProvider[],
  exceptIds: number[],
  holder?: string,
): Promise<{ id: number; companyId: number }[]> {
  if (providers.length === 0) return [];
  return db
    .select({ id: whatsapps.id, companyId: whatsapps.companyId })
    .from(whatsapps)
    .leftJoin(sessionLeases, eq(sessionLeases.whatsappId, whatsapps.id))
    .where(
      and(
        ne(whatsapps.status, "DISCONNECTED"),
        inArray(whatsapps.provider, providers),
        or(
          sql`${sessionLeases.whatsappId} is null`,
          lt(sessionLeases.expiresAt, sql`now()`),
          holder !== undefined ? eq(sessionLeases.holder, holder) : undefined,
        ),
        exceptIds.length > 0 ? notInArray(whatsapps.id, exceptIds) : undefined,
      ),
    )
    .orderBy(whatsapps.id);
}
