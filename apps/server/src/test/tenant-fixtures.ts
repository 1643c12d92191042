import type { Db } from "../db/client.js";
import type { TenantResource } from "../http/types.js";
import { createUser } from "./helpers.js";

/**
 * One row of each tenant resource, created in a given company, for the route walk. A route whose path parameter
 * names a new resource kind fails the walk until the kind gets a fixture here.
 * `marker` is a string the row carries, so the walk can check that an answer never contains it.
 */
export const tenantFixtures: Record<TenantResource, (db: Db, companyId: number) => Promise<{ id: number; marker: string }>> = {
  users: async (db, companyId) => {
    const user = await createUser(db, companyId, { name: "Foreign Walk User", email: `foreign-${companyId}@walk.test` });
    return { id: user.id, marker: user.email };
  },
};
