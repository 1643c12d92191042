import { z } from "zod";
import { V } from "./messages.js";
import { idSchema } from "./common.js";

/** The longest period the dashboard answers (a custom period; its export is capped separately). */
export const DASHBOARD_MAX_DAYS = 366;
/** Periods up to this long are charted per hour, longer ones per day. */
export const DASHBOARD_HOURLY_MAX_HOURS = 48;

const instant = z.iso.datetime({ offset: true, error: V.invalid });

const dashboardQueryShape = {
  from: instant,
  to: instant,
  queueId: idSchema.optional(),
  userId: idSchema.optional(),
  /** The viewer's offset from UTC in minutes (east positive): days and hours of the charts are the viewer's. */
  tzOffset: z.coerce.number({ error: V.invalid }).int(V.invalid).min(-840, V.invalid).max(840, V.invalid).default(0),
};

function validPeriod(query: { from: string; to: string }): boolean {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  return to > from && to - from <= DASHBOARD_MAX_DAYS * 86_400_000;
}

/** GET /dashboard: tickets created in [from, to), optionally of one queue and one agent. */
export const dashboardQuerySchema = z.object(dashboardQueryShape).refine(validPeriod, { message: V.invalid, path: ["to"] });
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

export const DASHBOARD_EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type DashboardExportFormat = (typeof DASHBOARD_EXPORT_FORMATS)[number];

/** GET /dashboard/export: the same period and filters, as a spreadsheet. */
export const dashboardExportQuerySchema = z
  .object({ ...dashboardQueryShape, format: z.enum(DASHBOARD_EXPORT_FORMATS, { error: V.invalid }) })
  .refine(validPeriod, { message: V.invalid, path: ["to"] });
export type DashboardExportQuery = z.output<typeof dashboardExportQuerySchema>;

export interface DashboardCards {
  pending: number;
  open: number;
  closed: number;
  newContacts: number;
  /** Created to first accepted, over the tickets that were accepted; null when none. */
  avgWaitSeconds: number | null;
  /** First accepted to (last) closed, over the closed tickets that were accepted; null when none. */
  avgHandleSeconds: number | null;
}

export interface DashboardAgentRow {
  userId: number;
  name: string;
  online: boolean;
  /** Tickets of the period now assigned to the agent (open or closed). */
  tickets: number;
  closed: number;
  avgWaitSeconds: number | null;
  avgHandleSeconds: number | null;
  /** Average of the ratings the agent received in the period; null when none. */
  avgRating: number | null;
  ratings: number;
}

export interface DashboardView {
  from: string;
  to: string;
  granularity: "hour" | "day";
  cards: DashboardCards;
  /** Every bucket of the period in the viewer's time: "YYYY-MM-DD" (day) or "YYYY-MM-DDTHH" (hour). */
  perTime: { bucket: string; count: number }[];
  /** Tickets per queue, the biggest first; queueId null for tickets without a queue. */
  perQueue: { queueId: number | null; name: string | null; color: string | null; count: number }[];
  agents: DashboardAgentRow[];
  /** Ratings 1 to 5, each with its count (zero included). */
  ratings: { rate: number; count: number }[];
}
