/**
 * The one permission table (core-service section 6, administration section 6).
 * The server enforces it; the client's `Can` component and menus read the same rules.
 */

export const PROFILES = ["user", "supervisor", "admin"] as const;
export type Profile = (typeof PROFILES)[number];

export const PLAN_FLAGS = [
  "useCampaigns",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useInternal",
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];
export type PlanFlags = Record<PlanFlag, boolean>;

export interface Actor {
  profile: Profile;
  super: boolean;
  /** The company's plan flags; absent when unknown (then plan-gated actions are refused). */
  plan?: Partial<PlanFlags> | null;
}

interface Rule {
  /** Profiles allowed. A super user is allowed whatever the profile. */
  profiles: readonly Profile[];
  /** Only super users. */
  superOnly?: boolean;
  /** A plan flag the company must have. */
  plan?: PlanFlag;
}

const ADMIN = ["admin"] as const;
const ADMIN_SUPERVISOR = ["admin", "supervisor"] as const;
const EVERYONE = PROFILES;

export const PERMISSIONS = {
  // named actions of the spec
  "user-modal:editProfile": { profiles: ADMIN },
  "user-modal:editQueues": { profiles: ADMIN },
  "tickets-manager:showall": { profiles: ADMIN },
  "ticket-options:deleteTicket": { profiles: ADMIN },
  "connections-page:addConnection": { profiles: ADMIN },
  "connections-page:editOrDeleteConnection": { profiles: ADMIN },
  "contacts-page:deleteContact": { profiles: ADMIN },
  // admin-only areas of section 6
  "dashboard:view": { profiles: ADMIN },
  "drawer-admin-items:view": { profiles: ADMIN },
  "tickets:spy": { profiles: ADMIN },
  "tickets:closeAll": { profiles: ADMIN },
  "tickets:filterByUser": { profiles: ADMIN },
  "tickets:createWithoutQueue": { profiles: ADMIN },
  "users:manage": { profiles: ADMIN },
  "queues:manage": { profiles: ADMIN },
  "settings:update": { profiles: ADMIN },
  // The simulator page: acting as a connection's virtual customers.
  "simulator:use": { profiles: ADMIN },
  // Integration credentials: the spec's Integrations section of the settings page is for super users.
  "settings:viewSecrets": { profiles: EVERYONE, superOnly: true },
  // supervisor rules (administration section 6)
  "tags:editKanban": { profiles: ADMIN_SUPERVISOR },
  "quick-messages:editAny": { profiles: ADMIN_SUPERVISOR },
  "quick-messages:setGeneral": { profiles: ADMIN },
  // billing: the company's invoices and the Pix checkout (admins; also in a billing-only session)
  "billing:pay": { profiles: ADMIN },
  // super-only
  "settings:global": { profiles: EVERYONE, superOnly: true },
  "companies:manage": { profiles: EVERYONE, superOnly: true },
  // every company's invoices, and marking one paid (the static Pix provider's confirmation)
  "invoices:manage": { profiles: EVERYONE, superOnly: true },
  "plans:manage": { profiles: EVERYONE, superOnly: true },
  "helps:manage": { profiles: EVERYONE, superOnly: true },
  "announcements:manage": { profiles: EVERYONE, superOnly: true },
  "logo:upload": { profiles: EVERYONE, superOnly: true },
  // plan-gated areas
  "campaigns:use": { profiles: EVERYONE, plan: "useCampaigns" },
  "kanban:use": { profiles: EVERYONE, plan: "useKanban" },
  "prompts:use": { profiles: EVERYONE, plan: "useOpenAi" },
  // The /transcribe page: group transcription and daily summaries (AI, so the same flag as prompts).
  "transcribe:use": { profiles: EVERYONE, plan: "useOpenAi" },
  "integrations:use": { profiles: ADMIN, plan: "useIntegrations" },
  "schedules:use": { profiles: EVERYONE, plan: "useSchedules" },
  "internal-chat:use": { profiles: EVERYONE, plan: "useInternalChat" },
  "external-api:use": { profiles: ADMIN, plan: "useExternalApi" },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * The plan flag that refuses an action to this actor, or null when the plan does not stand in the way. The server
 * answers a plan denial with its own code (ERR_PLAN_FEATURE_DISABLED), distinct from a role denial.
 */
export function missingPlanFlag(actor: Actor | null | undefined, action: Permission): PlanFlag | null {
  const rule: Rule = PERMISSIONS[action];
  if (!rule.plan) return null;
  return actor?.plan?.[rule.plan] ? null : rule.plan;
}

/** The plan flag an action needs, if any. */
export function planFlagOf(action: Permission): PlanFlag | null {
  const rule: Rule = PERMISSIONS[action];
  return rule.plan ?? null;
}

export function can(actor: Actor | null | undefined, action: Permission): boolean {
  if (!actor) return false;
  const rule: Rule = PERMISSIONS[action];
  if (rule.plan && !actor.plan?.[rule.plan]) return false;
  if (actor.super) return true;
  if (rule.superOnly) return false;
  return rule.profiles.includes(actor.profile);
}
