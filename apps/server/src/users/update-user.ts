import { and, eq, ne } from "drizzle-orm";
import { can, type UserUpdateInput, type UserView, toStoredAllTicket } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { hashPassword } from "../auth/passwords.js";
import { revokeUserSessions } from "../auth/revoke-sessions.js";
import { presentUser } from "./present-user.js";
import { assertConnectionInCompany } from "./assert-connection-in-company.js";
import { loadUserQueues, setUserQueues } from "./load-user-queues.js";

export interface UpdatedUser {
  user: UserView;
  /** Sessions ended by a password change (the caller's own session is kept). */
  revokedSessionIds: string[];
}

/**
 * Admins edit anyone in their company; a user edits only their own name, e-mail and password.
 * Profile and allTicket need `user-modal:editProfile`, so nobody raises their own rights.
 */
export async function updateUser(db: Db, auth: AuthContext, userId: number, input: UserUpdateInput): Promise<UpdatedUser> {
  const [target] = await db.select().from(users).where(inCompany(users, auth.companyId, eq(users.id, userId)));
  if (!target) throw new AppError("ERR_NO_USER_FOUND", 404);
  if (target.id !== auth.userId && !can(auth, "users:manage")) throw new AppError("ERR_NO_PERMISSION", 403);
  // Profile, default connection and allTicket are one permission (spec 6: user-modal:editProfile).
  const changesRights =
    (input.profile !== undefined && input.profile !== target.profile) ||
    (input.allTicket !== undefined && toStoredAllTicket(input.allTicket) !== target.allTicket) ||
    (input.whatsappId !== undefined && input.whatsappId !== target.whatsappId);
  if (changesRights && !can(auth, "user-modal:editProfile")) throw new AppError("ERR_NO_PERMISSION", 403);
  if (input.queueIds !== undefined) {
    const current = (await loadUserQueues(db, auth.companyId, [target.id])).get(target.id)!.map((q) => q.id);
    const same = current.length === new Set(input.queueIds).size && input.queueIds.every((id) => current.includes(id));
    if (!same && !can(auth, "user-modal:editQueues")) throw new AppError("ERR_NO_PERMISSION", 403);
  }

  await assertConnectionInCompany(db, auth.companyId, input.whatsappId);

  // Unscoped by design: e-mails are unique across the platform because login is by e-mail.
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), ne(users.id, target.id)))
    .limit(1);
  if (taken) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);

  const newPassword = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        profile: input.profile ?? target.profile,
        allTicket: input.allTicket === undefined ? target.allTicket : toStoredAllTicket(input.allTicket),
        whatsappId: input.whatsappId === undefined ? target.whatsappId : input.whatsappId,
        ...(newPassword ? { passwordHash: newPassword } : {}),
        updatedAt: new Date(),
      })
      .where(inCompany(users, auth.companyId, eq(users.id, target.id)))
      .returning();
    if (!updated) throw new AppError("ERR_NO_USER_FOUND", 404);
    if (input.queueIds !== undefined) await setUserQueues(tx, auth.companyId, target.id, input.queueIds);
    const queues = await loadUserQueues(tx, auth.companyId, [target.id]);
    const revokedSessionIds = newPassword
      ? await revokeUserSessions(tx, target.id, "password-change", target.id === auth.userId ? auth.sessionId : undefined)
      : [];
    return { user: presentUser(updated, queues.get(target.id)), revokedSessionIds };
  });
}
