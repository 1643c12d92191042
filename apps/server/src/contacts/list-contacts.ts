import { and, asc, count, eq, ilike, like, or, type SQL } from "drizzle-orm";
import { canonicalNumber, CONTACT_OPTIONS_LIMIT, PAGE_SIZE, type ContactOption, type ContactPage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contacts } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { presentContact } from "./present-contact.js";

/**
 * Name, e-mail and number contain the text, case-insensitively. Text that looks like a phone number ("(11) 9876")
 * is matched by its digits against the number and its canonical form, with and without the Brazilian ninth digit.
 */
function searchCondition(searchParam: string | undefined): SQL | undefined {
  const term = searchParam?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  const digits = term.replace(/\D/g, "");
  const looksLikeNumber = digits.length > 0 && /^[\d\s()+\-.]+$/.test(term);
  const numbers = new Set([digits]);
  // "(11) 8765-4321" typed for a contact stored as 55 11 98765-4321.
  if (/^[1-9][1-9][6-9]\d{7}$/.test(digits)) numbers.add(canonicalNumber(`55${digits}`).slice(2));
  if (/^55[1-9][1-9][6-9]\d{7}$/.test(digits)) numbers.add(canonicalNumber(digits));
  const byNumber = [...numbers].flatMap((d) => [like(contacts.number, `%${d}%`), like(contacts.canonicalNumber, `%${d}%`)]);
  return or(ilike(contacts.name, pattern), ilike(contacts.email, pattern), ...(looksLikeNumber ? byNumber : []));
}

/** The contacts page: people, not groups (groups have their own page), by name, a page at a time. */
export async function listContacts(
  db: DbOrTx,
  companyId: number,
  query: { searchParam?: string; pageNumber: number },
): Promise<ContactPage> {
  const where = inCompany(contacts, companyId, and(eq(contacts.isGroup, false), searchCondition(query.searchParam)));
  const [total] = await db.select({ n: count() }).from(contacts).where(where);
  const rows = await db
    .select()
    .from(contacts)
    .where(where)
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { contacts: rows.map(presentContact), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}

/** Pickers (new ticket, schedules): id, name, number and e-mail, searched, at most CONTACT_OPTIONS_LIMIT. */
export async function listContactOptions(db: DbOrTx, companyId: number, searchParam?: string): Promise<ContactOption[]> {
  return db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
    .from(contacts)
    .where(inCompany(contacts, companyId, searchCondition(searchParam)))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(CONTACT_OPTIONS_LIMIT);
}
