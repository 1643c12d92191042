import type { PlatformCompanyDetail } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { countCompanyContents } from "./count-company-contents.js";
import { findCompanyUnscoped } from "./find-company.js";
import { presentCompany } from "./present-company.js";

/** One company for super users, with what it owns (the delete confirmation names it). */
export async function getCompany(db: DbOrTx, companyId: number): Promise<PlatformCompanyDetail> {
  const { company, plan } = await findCompanyUnscoped(db, companyId);
  return { ...presentCompany(company, plan), contents: await countCompanyContents(db, companyId) };
}
