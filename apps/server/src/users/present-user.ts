import { presentAllTicket, type UserView } from "@atendo/shared";
import type { users } from "../db/schema.js";

type UserRow = typeof users.$inferSelect;

/** What leaves the server about a user: never the password hash. */
export function presentUser(user: UserRow, queues: UserView["queues"] = []): UserView {
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
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
