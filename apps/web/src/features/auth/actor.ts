import type { Actor, SessionUser } from "@atendo/shared";

/** The permission actor of a signed-in user: role, super flag and the company's plan flags. */
export function actorOf(user: SessionUser | null | undefined): Actor | null {
  if (!user) return null;
  return { profile: user.profile, super: user.super, plan: user.company.plan };
}
