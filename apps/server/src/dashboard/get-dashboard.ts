import { sql } from "drizzle-orm";
import type { DashboardAgentRow, DashboardView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { cohortOf, granularityOf, HANDLE_SECONDS, HANDLED, num, numOrNull, rowsOf, WAIT_SECONDS, type DashboardPeriod } from "./dashboard-period.js";

const round = (value: number | null, digits = 0) => (value === null ? null : Number(value.toFixed(digits)));

/** Every bucket label of the period in the viewer's time, so that the chart shows the empty days (hours) too. */
export function bucketsOf(period: DashboardPeriod, granularity: "hour" | "day"): string[] {
  const step = granularity === "hour" ? 3_600_000 : 86_400_000;
  const shift = period.tzOffset * 60_000;
  const label = (ms: number) => {
    const iso = new Date(ms).toISOString();
    return granularity === "hour" ? iso.slice(0, 13) : iso.slice(0, 10);
  };
  const start = new Date(period.from.getTime() + shift);
  if (granularity === "hour") start.setUTCMinutes(0, 0, 0);
  else start.setUTCHours(0, 0, 0, 0);
  const end = period.to.getTime() + shift;
  const out: string[] = [];
  for (let ms = start.getTime(); ms < end; ms += step) out.push(label(ms));
  return out;
}

type Row = Record<string, unknown>;

/**
 * GET /dashboard: every figure is an aggregate computed by the database (no ticket row is loaded here). The queries run
 * side by side on PostgreSQL's pool: the period's tickets in two scans (GROUPING SETS: totals and per agent with every
 * figure; per bucket and per queue, counts only), the period's ratings in one (per agent, per rate), the new contacts,
 * and the company's queue and agent names.
 */
export async function getDashboard(db: DbOrTx, period: DashboardPeriod): Promise<DashboardView> {
  const cohort = cohortOf(period);
  const granularity = granularityOf(period);
  // The bucket as a number (days or hours since the epoch, in the viewer's time): cheaper to group than a text.
  const step = granularity === "hour" ? 3600 : 86_400;
  const bucket = sql`floor((date_part('epoch', t.created_at) + ${period.tzOffset * 60}::int) / ${step}::int)::int`;
  const from = sql`${period.from.toISOString()}::timestamptz`;
  const to = sql`${period.to.toISOString()}::timestamptz`;
  // Contacts first seen in the period; with a queue or agent filter, those with a ticket of the filtered cohort.
  const filtered = period.queueId !== undefined || period.userId !== undefined;
  const ticketOfContact = filtered ? sql`and exists (select 1 from tickets t where ${cohort} and t.contact_id = c.id)` : sql``;
  // Ratings recorded in the period, for the agent they name; their ticket is read only to filter by its queue.
  const ratingsOfPeriod = sql.join(
    [
      period.queueId !== undefined
        ? sql`ticket_ratings r join tickets t on t.id = r.ticket_id and t.queue_id = ${period.queueId}`
        : sql`ticket_ratings r`,
      sql`where r.company_id = ${period.companyId} and r.created_at >= ${from} and r.created_at < ${to}`,
      period.userId !== undefined ? sql`and r.user_id = ${period.userId}` : sql``,
    ],
    sql` `,
  );

  const [figureRows, countRows, ratingRows, contactRows, queueRows, userRows] = await Promise.all([
    // Totals and per agent: every figure. Per bucket and per queue: a count only (a lighter second scan, in parallel).
    rowsOf<Row>(
      db,
      sql`select grouping(t.user_id) as no_user, t.user_id, count(*)::int as count,
                 count(*) filter (where t.status = 'pending')::int as pending,
                 count(*) filter (where t.status = 'open')::int as open,
                 count(*) filter (where t.status = 'closed')::int as closed,
                 avg(${WAIT_SECONDS}) filter (where t.accepted_at is not null) as wait,
                 avg(${HANDLE_SECONDS}) filter (where ${HANDLED}) as handle
          from tickets t where ${cohort}
          group by grouping sets ((), (t.user_id))`,
    ),
    rowsOf<Row>(
      db,
      sql`select grouping(t.bucket) as no_bucket, t.bucket, t.queue_id, count(*)::int as count
          from (select t.queue_id, ${bucket} as bucket from tickets t where ${cohort}) t
          group by grouping sets ((t.bucket), (t.queue_id))`,
    ),
    rowsOf<Row>(
      db,
      sql`select grouping(r.user_id) as no_user, r.user_id, r.rate, count(*)::int as count, avg(r.rate)::float8 as average
          from ${ratingsOfPeriod}
          group by grouping sets ((r.user_id), (r.rate))`,
    ),
    rowsOf<Row>(
      db,
      sql`select count(*)::int as count from contacts c
          where c.company_id = ${period.companyId} and c.created_at >= ${from} and c.created_at < ${to} ${ticketOfContact}`,
    ),
    rowsOf<Row>(db, sql`select q.id, q.name, q.color from queues q where q.company_id = ${period.companyId}`),
    rowsOf<Row>(
      db,
      sql`select u.id, u.name, u.online from users u where u.company_id = ${period.companyId}
          ${period.userId !== undefined ? sql`and u.id = ${period.userId}` : sql``}`,
    ),
  ]);

  // grouping() is 1 for a column the row is not grouped by.
  const totals = figureRows.find((row) => num(row.no_user) === 1) ?? {};
  const label = (index: number) => new Date(index * step * 1000).toISOString().slice(0, granularity === "hour" ? 13 : 10);
  const perBucket = new Map(countRows.filter((row) => num(row.no_bucket) === 0).map((row) => [label(num(row.bucket)), num(row.count)]));
  const perUser = new Map(figureRows.filter((row) => num(row.no_user) === 0 && row.user_id !== null).map((row) => [num(row.user_id), row]));
  const ratingsPerUser = new Map(ratingRows.filter((row) => num(row.no_user) === 0 && row.user_id !== null).map((row) => [num(row.user_id), row]));
  const perRate = new Map(ratingRows.filter((row) => num(row.no_user) === 1).map((row) => [num(row.rate), num(row.count)]));
  const queueOf = new Map(queueRows.map((row) => [num(row.id), row]));

  const perQueue = countRows
    .filter((row) => num(row.no_bucket) === 1)
    .map((row) => {
      const queueId = numOrNull(row.queue_id);
      const queue = queueId === null ? undefined : queueOf.get(queueId);
      return { queueId, name: (queue?.name as string | undefined) ?? null, color: (queue?.color as string | undefined) ?? null, count: num(row.count) };
    })
    // The biggest first; then by name, tickets without a queue last.
    .sort((a, b) => b.count - a.count || (a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name)));

  const agents = userRows
    .map((user): DashboardAgentRow => {
      const id = num(user.id);
      const tickets = perUser.get(id);
      const ratings = ratingsPerUser.get(id);
      return {
        userId: id,
        name: String(user.name),
        online: Boolean(user.online),
        tickets: num(tickets?.count),
        closed: num(tickets?.closed),
        avgWaitSeconds: round(numOrNull(tickets?.wait)),
        avgHandleSeconds: round(numOrNull(tickets?.handle)),
        avgRating: round(numOrNull(ratings?.average), 2),
        ratings: num(ratings?.count),
      };
    })
    .sort((a, b) => b.tickets - a.tickets || a.name.localeCompare(b.name));

  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    granularity,
    cards: {
      pending: num(totals.pending),
      open: num(totals.open),
      closed: num(totals.closed),
      newContacts: num(contactRows[0]?.count),
      avgWaitSeconds: round(numOrNull(totals.wait)),
      avgHandleSeconds: round(numOrNull(totals.handle)),
    },
    perTime: bucketsOf(period, granularity).map((label) => ({ bucket: label, count: perBucket.get(label) ?? 0 })),
    perQueue,
    agents,
    ratings: [1, 2, 3, 4, 5].map((rate) => ({ rate, count: perRate.get(rate) ?? 0 })),
  };
}
