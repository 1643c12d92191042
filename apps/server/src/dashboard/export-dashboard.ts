import { sql } from "drizzle-orm";
import type { DashboardExportFormat } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { cohortOf, HANDLE_SECONDS, HANDLED, rowsOf, WAIT_SECONDS, type DashboardPeriod } from "./dashboard-period.js";
import { getDashboard } from "./get-dashboard.js";
import { toCsv, type Cell } from "./spreadsheet-cells.js";

/** The most tickets one export lists (the figures always cover the whole period). */
export const DASHBOARD_EXPORT_MAX_ROWS = 100_000;

const TICKET_HEADER = [
  "Ticket",
  "Contato",
  "Número",
  "Fila",
  "Atendente",
  "Status",
  "Criado em",
  "Aceito em",
  "Fechado em",
  "Espera (min)",
  "Atendimento (min)",
  "Avaliação",
];

export interface DashboardExport {
  filename: string;
  contentType: string;
  body: Buffer;
}

const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

/** An instant in the viewer's time, as "YYYY-MM-DD HH:MM". */
function localTime(value: unknown, tzOffset: number): string | null {
  if (value === null || value === undefined) return null;
  const at = new Date(value instanceof Date ? value.getTime() : String(value));
  return new Date(at.getTime() + tzOffset * 60_000).toISOString().slice(0, 16).replace("T", " ");
}

/**
 * GET /dashboard/export: the period's tickets (with each one's waiting and handling time and rating) and the period's
 * figures, as XLSX (two sheets) or CSV (the tickets). Text cells are written inert (spreadsheet-cells.ts).
 */
export async function exportDashboard(db: DbOrTx, period: DashboardPeriod, format: DashboardExportFormat): Promise<DashboardExport> {
  const tickets = await rowsOf<Record<string, unknown>>(
    db,
    sql`select t.id, c.name as contact, c.number, q.name as queue, u.name as agent, t.status,
               t.created_at, t.accepted_at, case when t.status = 'closed' then t.closed_at end as closed_at,
               case when t.accepted_at is not null then ${WAIT_SECONDS}::float8 end as wait,
               case when ${HANDLED} then ${HANDLE_SECONDS}::float8 end as handle,
               r.rate
        from tickets t
        join contacts c on c.id = t.contact_id
        left join queues q on q.id = t.queue_id
        left join users u on u.id = t.user_id
        left join ticket_ratings r on r.ticket_id = t.id
        where ${cohortOf(period)}
        order by t.created_at, t.id
        limit ${DASHBOARD_EXPORT_MAX_ROWS}`,
  );
  const ticketRows: Cell[][] = [
    TICKET_HEADER,
    ...tickets.map((t): Cell[] => [
      Number(t.id),
      String(t.contact ?? ""),
      String(t.number ?? ""),
      (t.queue as string | null) ?? null,
      (t.agent as string | null) ?? null,
      String(t.status),
      localTime(t.created_at, period.tzOffset),
      localTime(t.accepted_at, period.tzOffset),
      localTime(t.closed_at, period.tzOffset),
      minutes(t.wait === null ? null : Number(t.wait)),
      minutes(t.handle === null ? null : Number(t.handle)),
      t.rate === null || t.rate === undefined ? null : Number(t.rate),
    ]),
  ];
  const stamp = `${localTime(period.from, period.tzOffset)!.slice(0, 10)}_${localTime(new Date(period.to.getTime() - 1), period.tzOffset)!.slice(0, 10)}`;
  if (format === "csv") {
    return { filename: `dashboard_${stamp}.csv`, contentType: "text/csv; charset=utf-8", body: Buffer.from(toCsv(ticketRows), "utf8") };
  }
  const view = await getDashboard(db, period);
  const figures: Cell[][] = [
    ["Indicador", "Valor"],
    ["De", localTime(period.from, period.tzOffset)],
    ["Até", localTime(period.to, period.tzOffset)],
    ["Pendentes", view.cards.pending],
    ["Abertos", view.cards.open],
    ["Fechados", view.cards.closed],
    ["Novos contatos", view.cards.newContacts],
    ["Espera média (min)", minutes(view.cards.avgWaitSeconds)],
    ["Atendimento médio (min)", minutes(view.cards.avgHandleSeconds)],
    ...view.ratings.map((r): Cell[] => [`Avaliações ${r.rate}`, r.count]),
    [],
    ["Atendente", "Online", "Tickets", "Fechados", "Espera média (min)", "Atendimento médio (min)", "Avaliação média", "Avaliações"],
    ...view.agents.map((a): Cell[] => [
      a.name,
      a.online ? "sim" : "não",
      a.tickets,
      a.closed,
      minutes(a.avgWaitSeconds),
      minutes(a.avgHandleSeconds),
      a.avgRating,
      a.ratings,
    ]),
  ];
  // The spreadsheet package is loaded on the first export only.
  const { writeDashboardXlsx } = await import("./write-dashboard-xlsx.js");
  const body = writeDashboardXlsx([
    { name: "Resumo", rows: figures },
    { name: "Tickets", rows: ticketRows },
  ]);
  return {
    filename: `dashboard_${stamp}.xlsx`,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body,
  };
}
