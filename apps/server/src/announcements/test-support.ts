import { createCompany, createUser, login, type TestApp } from "../test/helpers.js";
import type { Database } from "../db/client.js";

/** A super user of the platform company, and an admin and an agent of an ordinary company, signed in. */
export async function announcementActors(app: TestApp, database: Database) {
  const platform = await createCompany(database.db, { isPlatform: true });
  const tenant = await createCompany(database.db);
  const superUser = await createUser(database.db, platform.id, { profile: "admin", super: true });
  const admin = await createUser(database.db, tenant.id, { profile: "admin" });
  const agent = await createUser(database.db, tenant.id, { profile: "user" });
  return {
    platform,
    tenant,
    superUser: { ...superUser, token: (await login(app, superUser.email, superUser.password)).token },
    admin: { ...admin, token: (await login(app, admin.email, admin.password)).token },
    agent: { ...agent, token: (await login(app, agent.email, agent.password)).token },
  };
}
