import { can, type Actor, type QuickMessageView } from "@atendo/shared";

/** The server's rule, to show edit and delete only where they work: admins and supervisors always; others their own personal ones. */
export function canEditQuickMessage(actor: (Actor & { id: number }) | null, message: QuickMessageView): boolean {
  if (!actor) return false;
  return can(actor, "quick-messages:editAny") || (message.userId === actor.id && !message.geral);
}
