import { asc, count, ilike, or } from "drizzle-orm";
import { PAGE_SIZE, type UserView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { presentUser } from "./present-user.js";
import { loadUserQueues } from "./load-user-queues.js";

/** The users page: search by name or e-mail, a page at a time. */
export async function listUsers(
  db: DbOrTx,
  companyId: number,
  query: { searchParam?: string; pageNumber: number },
): Promise<{ users: UserView[]; count: number; hasMore: boolean }> {
  const term = query.searchParam?.trim();
  const search = term ? or(ilike(users.name, `%${escapeLike(term)}%`), ilike(users.email, `%${escapeLike(term.toLowerCase())}%`)) : undefined;
  const where = inCompany(users, companyId, search);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const queuesByUser = await loadUserQueues(db, companyId, rows.map((u) => u.id));
  const n = total?.n ?? 0;
  return {
    users: rows.map((u) => presentUser(u, queuesByUser.get(u.id))),
    count: n,
    hasMore: query.pageNumber * PAGE_SIZE < n,
  };
}

/** Everyone in the company, id and name only (transfer dialog, filters). */
export async function listUserNames(db: DbOrTx, companyId: number): Promise<{ id: number; name: string }[]> {
  return db.select({ id: users.id, name: users.name }).from(users).where(inCompany(users, companyId)).orderBy(asc(users.name));
}
