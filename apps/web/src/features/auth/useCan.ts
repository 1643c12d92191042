import { useCallback } from "react";
import { can, type Permission } from "@atendo/shared";
import { actorOf } from "./actor.js";
import { useAuth } from "./auth-context.js";

/** Whether the signed-in user may perform an action of the shared permission table. */
export function useCan(action: Permission): boolean {
  const { user } = useAuth();
  return can(actorOf(user), action);
}

/** A checker for many actions at once (menus). */
export function useCanCheck(): (action: Permission) => boolean {
  const { user } = useAuth();
  return useCallback((action: Permission) => can(actorOf(user), action), [user]);
}
