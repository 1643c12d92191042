import { and, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PlanFlags } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies, plans, sessions, userQueues, users } from "../db/schema.js";
import type { AccessClaims } from "./access-token.js";
import type { SessionRow } from "./load-session-context.js";

export interface SocketSessionRow extends Omit<SessionRow, "ticketAccess"> {
  /** The user row after it was marked online, and whether it was online before (a change is announced). */
  userRow: typeof users.$inferSelect;
  wasOnline: boolean;
  /** What the socket's ticket rooms follow from (tickets/ticket-rooms-of.ts). */
  allTicket: boolean;
  queueIds: number[];
}

const before = alias(users, "before");

/**
 * A socket connection in one statement (issue 15: it cost 3 to 4): the live session with its user, company, plan and
 * queues, and the user marked online. Nothing is cached, so nothing has to be invalidated: a revoked session, a
 * deleted user or a token whose claims no longer match update no row and return null, on every process at once.
 * `before` is the row as it was (a self-join sees the snapshot the update started from).
 */
export async function connectSocketSession(db: DbOrTx, claims: AccessClaims): Promise<SocketSessionRow | null> {
  const [row] = await db
    .update(users)
    .set({ online: true, lastSeenAt: new Date() })
    .from(sessions)
    .innerJoin(before, eq(before.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        isNull(sessions.revokedAt),
        eq(users.id, sessions.userId),
        eq(users.id, claims.userId),
        eq(users.companyId, claims.companyId),
        eq(users.companyId, sessions.companyId),
      ),
    )
    .returning({
      ...getTableColumns(users),
      wasOnline: before.online,
      queueIds: sql<number[]>`array(select ${userQueues.queueId} from ${userQueues} where ${userQueues.userId} = ${users.id} and ${userQueues.companyId} = ${users.companyId} order by 1)`,
      companyStatus: companies.status,
      companyApproved: companies.approved,
      companyDueDate: companies.dueDate,
      companyIsPlatform: companies.isPlatform,
      planId: plans.id,
      useCampaigns: plans.useCampaigns,
      useKanban: plans.useKanban,
      useOpenAi: plans.useOpenAi,
      useIntegrations: plans.useIntegrations,
      useSchedules: plans.useSchedules,
      useInternalChat: plans.useInternalChat,
      useExternalApi: plans.useExternalApi,
      useInternal: plans.useInternal,
    });
  if (!row) return null;
  const { wasOnline, queueIds, companyStatus, companyApproved, companyDueDate, companyIsPlatform, planId, ...rest } = row;
  const { useCampaigns, useKanban, useOpenAi, useIntegrations, useSchedules, useInternalChat, useExternalApi, useInternal, ...userRow } = rest;
  const plan: PlanFlags | null =
    planId === null
      ? null
      : ({ useCampaigns, useKanban, useOpenAi, useIntegrations, useSchedules, useInternalChat, useExternalApi, useInternal } as PlanFlags);
  return {
    revokedAt: null,
    user: { id: userRow.id, companyId: userRow.companyId, profile: userRow.profile, super: userRow.super },
    company: { id: userRow.companyId, status: companyStatus, approved: companyApproved, dueDate: companyDueDate, isPlatform: companyIsPlatform },
    plan,
    userRow,
    wasOnline,
    allTicket: userRow.allTicket === "enabled",
    queueIds: (queueIds ?? []).map(Number),
  };
}
