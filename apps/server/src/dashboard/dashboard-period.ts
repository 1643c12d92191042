import { sql, type SQL } from "drizzle-orm";
import { DASHBOARD_HOURLY_MAX_HOURS, type DashboardQuery } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";

/**
 * The dashboard's cohort: the company's tickets created in [from, to), of the chosen queue and agent. A ticket counts
 * once, in the period it was created, with its status now; a reopened ticket is one ticket (docs/DECISIONS.md).
 */
export interface DashboardPeriod {
  companyId: number;
  from: Date;
  to: Date;
  queueId?: number;
  userId?: number;
  tzOffset: number;
}

export function periodOf(companyId: number, query: DashboardQuery): DashboardPeriod {
  return {
    companyId,
    from: new Date(query.from),
    to: new Date(query.to),
    queueId: query.queueId,
    userId: query.userId,
    tzOffset: query.tzOffset,
  };
}

export function granularityOf(period: DashboardPeriod): "hour" | "day" {
  return period.to.getTime() - period.from.getTime() <= DASHBOARD_HOURLY_MAX_HOURS * 3_600_000 ? "hour" : "day";
}

/** The cohort's condition on a tickets table aliased `t` (always the company first: the index leads with it). */
export function cohortOf(period: DashboardPeriod): SQL {
  const parts = [
    sql`t.company_id = ${period.companyId}`,
    sql`t.created_at >= ${period.from.toISOString()}::timestamptz`,
    sql`t.created_at < ${period.to.toISOString()}::timestamptz`,
  ];
  if (period.queueId !== undefined) parts.push(sql`t.queue_id = ${period.queueId}`);
  if (period.userId !== undefined) parts.push(sql`t.user_id = ${period.userId}`);
  return sql.join(parts, sql` and `);
}

/**
 * Seconds from creation to first acceptance, and from first acceptance to the last close, of ticket `t`. date_part
 * answers a float8; extract() a numeric, several times slower to add up over a month of tickets.
 */
export const WAIT_SECONDS = sql`date_part('epoch', t.accepted_at - t.created_at)`;
export const HANDLE_SECONDS = sql`date_part('epoch', t.closed_at - t.accepted_at)`;
/** A ticket whose handling time is known: closed, accepted before its last close. */
export const HANDLED = sql`t.status = 'closed' and t.accepted_at is not null and t.closed_at >= t.accepted_at`;

/** Rows of a raw query, the same on node-postgres and PGlite. */
export async function rowsOf<R>(db: DbOrTx, query: SQL): Promise<R[]> {
  const result = (await db.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}

export const num = (value: unknown): number => Number(value ?? 0);
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
