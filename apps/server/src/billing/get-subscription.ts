import { and, asc, eq } from "drizzle-orm";
import type { SubscriptionView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies, invoices, plans } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { presentInvoice } from "./present-invoice.js";

/** Assinatura: the company's billing e-mail, due date, plan and oldest unpaid invoice. */
export async function getSubscription(db: DbOrTx, companyId: number): Promise<SubscriptionView> {
  const [row] = await db
    .select({
      company: { id: companies.id, name: companies.name, email: companies.email, dueDate: companies.dueDate, recurrence: companies.recurrence },
      plan: { id: plans.id, name: plans.name, value: plans.value, users: plans.users, connections: plans.connections, queues: plans.queues },
    })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  const [open] = await db
    .select()
    .from(invoices)
    .where(inCompany(invoices, companyId, and(eq(invoices.status, "open"))))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(1);
  return {
    company: row.company,
    plan: row.plan ? { ...row.plan, value: Number(row.plan.value).toFixed(2) } : null,
    openInvoice: open ? presentInvoice(open) : null,
  };
}
