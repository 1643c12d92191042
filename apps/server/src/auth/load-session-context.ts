import { eq, sql } from "drizzle-orm";
import type { PlanFlags, Profile } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies, plans, sessions, userQueues, users } from "../db/schema.js";

/** Who is calling: resolved once per request (and per socket) from the session, never from the body or query. */
export interface AuthContext {
  userId: number;
  companyId: number;
  sessionId: string;
  profile: Profile;
  super: boolean;
  isPlatform: boolean;
  plan: PlanFlags | null;
  /** Set when the company is past its due date and the caller is one of its admins: billing routes only (billing/billing-access.ts). */
  billingOnly?: { dueDate: string };
  /**
   * The user's ticket access (allTicket and queues), read with the session on HTTP requests so the ticket rules
   * (tickets/ticket-viewer.ts) need no query of their own; absent elsewhere (sockets, jobs), where it is read apart.
   */
  ticketAccess?: TicketAccess;
}

export interface TicketAccess {
  allTicket: boolean;
  queueIds: number[];
}

export interface SessionRow {
  revokedAt: Date | null;
  user: { id: number; companyId: number; profile: Profile; super: boolean };
  company: { id: number; status: boolean; approved: boolean; dueDate: string | null; isPlatform: boolean };
  plan: PlanFlags | null;
  ticketAccess: TicketAccess;
}

/** One query: the session with its user, company and plan. Null when the session does not exist. */
export async function loadSessionRow(db: DbOrTx, sessionId: string): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      revokedAt: sessions.revokedAt,
      userId: users.id,
      userCompanyId: users.companyId,
      profile: users.profile,
      super: users.super,
      company: {
        id: companies.id,
        status: companies.status,
        approved: companies.approved,
        dueDate: companies.dueDate,
        isPlatform: companies.isPlatform,
      },
      plan: planFlagColumns,
      allTicket: users.allTicket,
      queueIds: sql<number[]>`array(select ${userQueues.queueId} from ${userQueues} where ${userQueues.userId} = ${users.id} and ${userQueues.companyId} = ${users.companyId} order by 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) return null;
  return {
    revokedAt: row.revokedAt,
    user: { id: row.userId, companyId: row.userCompanyId, profile: row.profile, super: row.super },
    company: row.company,
    plan: row.plan,
    ticketAccess: { allTicket: row.allTicket === "enabled", queueIds: row.queueIds.map(Number) },
  };
}

export const planFlagColumns = {
  useCampaigns: plans.useCampaigns,
  useKanban: plans.useKanban,
  useOpenAi: plans.useOpenAi,
  useIntegrations: plans.useIntegrations,
  useSchedules: plans.useSchedules,
  useInternalChat: plans.useInternalChat,
  useExternalApi: plans.useExternalApi,
  useInternal: plans.useInternal,
};
