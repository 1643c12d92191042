import { count } from "drizzle-orm";
import type { CompanyContents } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contacts, messages, queues, tickets, users, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";

/** What a company owns, counted for the delete confirmation (everything goes with it). */
export async function countCompanyContents(db: DbOrTx, companyId: number): Promise<CompanyContents> {
  const countOf = async (table: typeof users | typeof whatsapps | typeof queues | typeof contacts | typeof tickets | typeof messages) => {
    const [row] = await db.select({ n: count() }).from(table).where(inCompany(table, companyId));
    return row?.n ?? 0;
  };
  const [u, w, q, c, t, m] = await Promise.all([
    countOf(users),
    countOf(whatsapps),
    countOf(queues),
    countOf(contacts),
    countOf(tickets),
    countOf(messages),
  ]);
  return { users: u, connections: w, queues: q, contacts: c, tickets: t, messages: m };
}
