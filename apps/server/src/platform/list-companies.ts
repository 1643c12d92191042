import { asc, count, eq, ilike, or } from "drizzle-orm";
import { PAGE_SIZE, type CompanyPage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies, plans } from "../db/schema.js";
import { escapeLike } from "../db/escape-like.js";
import { presentCompany } from "./present-company.js";

/** The companies table of the Settings page (super users): search by name or e-mail, a page at a time, by name. */
export async function listCompanies(db: DbOrTx, query: { searchParam?: string; pageNumber: number }): Promise<CompanyPage> {
  const term = query.searchParam?.trim();
  const where = term ? or(ilike(companies.name, `%${escapeLike(term)}%`), ilike(companies.email, `%${escapeLike(term)}%`)) : undefined;
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  const rows = await db
    .select({ company: companies, plan: { id: plans.id, name: plans.name } })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(where)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { companies: rows.map((r) => presentCompany(r.company, r.plan)), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}
