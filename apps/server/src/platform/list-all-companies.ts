import { asc, eq } from "drizzle-orm";
import type { PlatformCompanyView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies, plans } from "../db/schema.js";
import { presentCompany } from "./present-company.js";

/** Every company by name (GET /companies/list, super users: pickers and the full table). */
export async function listAllCompanies(db: DbOrTx): Promise<PlatformCompanyView[]> {
  const rows = await db
    .select({ company: companies, plan: { id: plans.id, name: plans.name } })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .orderBy(asc(companies.name), asc(companies.id));
  return rows.map((r) => presentCompany(r.company, r.plan));
}
