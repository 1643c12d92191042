import { and, asc, count, eq, ilike, like, or } from "drizzle-orm";
import { PAGE_SIZE, type GroupContactPage } from "@atendo/shared";
import type { AppDeps } from "../../app-deps.js";
import { contacts } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { escapeLike } from "../../db/escape-like.js";
import { presentGroupContact } from "./present-group-contact.js";

/** GET /contacts/groups: the transcribe page's cards, group contacts only, by name or code, a page at a time. */
export async function listGroupContacts(
  deps: Pick<AppDeps, "db" | "config">,
  companyId: number,
  query: { searchParam?: string; pageNumber: number },
): Promise<GroupContactPage> {
  const term = query.searchParam?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  const where = inCompany(
    contacts,
    companyId,
    and(eq(contacts.isGroup, true), pattern ? or(ilike(contacts.name, pattern), like(contacts.number, pattern)) : undefined),
  );
  const [total] = await deps.db.select({ n: count() }).from(contacts).where(where);
  const rows = await deps.db
    .select()
    .from(contacts)
    .where(where)
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return {
    contacts: rows.map((row) => presentGroupContact(row, deps.config.whatsappEncryptionKey)),
    count: n,
    hasMore: query.pageNumber * PAGE_SIZE < n,
  };
}
