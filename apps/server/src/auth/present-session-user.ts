import { eq } from "drizzle-orm";
import { presentAllTicket, type SessionUser } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies, plans, users } from "../db/schema.js";
import { listSettings } from "../settings/list-settings.js";
import { loadUserQueues } from "../users/load-user-queues.js";
import { AppError } from "../errors.js";
import { planFlagColumns } from "./load-session-context.js";

/** The signed-in user as the client stores it: company with due date, plan flags and settings (spec 7, /auth/login). */
export async function presentSessionUser(db: DbOrTx, userId: number): Promise<SessionUser> {
  const [row] = await db
    .select({
      user: users,
      company: { id: companies.id, name: companies.name, dueDate: companies.dueDate, isPlatform: companies.isPlatform },
      plan: { id: plans.id, name: plans.name, users: plans.users, connections: plans.connections, queues: plans.queues, value: plans.value, ...planFlagColumns },
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError("ERR_NO_USER_FOUND", 404);
  const { user, company, plan } = row;
  // Never the integration secrets, not even masked: this answer is kept in the browser (GET /settings has them).
  const settingList = await listSettings(db, company.id, { includeSecrets: false, isPlatform: company.isPlatform });
  // The tickets screen limits its queue filter, the new-ticket queues and the bell to these.
  const queues = (await loadUserQueues(db, company.id, [user.id])).get(user.id) ?? [];
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    allTicket: presentAllTicket(user.allTicket),
    companyId: user.companyId,
    whatsappId: user.whatsappId,
    online: user.online,
    queues,
    company: { id: company.id, name: company.name, dueDate: company.dueDate, settings: settingList, plan },
  };
}
