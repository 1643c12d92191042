import { RECURRENCES, type PlatformCompanyView, type Recurrence } from "@atendo/shared";
import type { companies } from "../db/schema.js";

type CompanyRow = typeof companies.$inferSelect;

const recurrenceOf = (value: string): Recurrence => ((RECURRENCES as readonly string[]).includes(value) ? (value as Recurrence) : "MENSAL");

/** A company as super users manage it: its own columns and its plan's name (never its users or settings). */
export function presentCompany(row: CompanyRow, plan: { id: number; name: string } | null): PlatformCompanyView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    planId: row.planId,
    plan: plan && plan.id !== null ? { id: plan.id, name: plan.name } : null,
    status: row.status,
    approved: row.approved,
    dueDate: row.dueDate,
    recurrence: recurrenceOf(row.recurrence),
    campaignsEnabled: row.campaignsEnabled,
    isPlatform: row.isPlatform,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
