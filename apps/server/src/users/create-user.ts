import type { UserCreateInput, UserView } from "@atendo/shared";
import { userCreateSchema, toStoredAllTicket } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { hashPassword } from "../auth/passwords.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { assertPlanLimit } from "../platform/plan-limit.js";
import { presentUser } from "./present-user.js";
import { assertConnectionInCompany } from "./assert-connection-in-company.js";
import { loadUserQueues, setUserQueues } from "./load-user-queues.js";

/**
 * An admin adds a user to their company, within the plan's user count (403 ERR_PLAN_LIMIT_REACHED). The count is
 * checked inside the transaction after locking the company row, so two admins cannot both take the last free seat.
 */
export async function createUser(db: Db, auth: AuthContext, raw: UserCreateInput): Promise<UserView> {
  const input = userCreateSchema.parse(raw);
  await assertConnectionInCompany(db, auth.companyId, input.whatsappId);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await assertPlanLimit(tx, auth.companyId, "users");
      const [user] = await tx
        .insert(users)
        .values({
          companyId: auth.companyId,
          name: input.name,
          email: input.email,
          passwordHash,
          profile: input.profile,
          allTicket: toStoredAllTicket(input.allTicket),
          whatsappId: input.whatsappId,
        })
        .returning();
      await setUserQueues(tx, auth.companyId, user!.id, input.queueIds);
      const queues = await loadUserQueues(tx, auth.companyId, [user!.id]);
      return presentUser(user!, queues.get(user!.id));
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_key")) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);
    throw err;
  }
}
