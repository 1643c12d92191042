import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Every query on a tenant-owned table goes through this: the company id is required, so a query that forgets it
 * does not compile. A query that must cross companies is written with `unscoped` in its name instead.
 */
export function inCompany(table: { companyId: PgColumn }, companyId: number, ...conditions: (SQL | undefined)[]): SQL {
  const scoped = and(eq(table.companyId, companyId), ...conditions);
  if (!scoped) throw new Error("unreachable: and() of a defined condition");
  return scoped;
}
