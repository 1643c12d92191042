import type { PlanRecord } from "@atendo/shared";
import type { plans } from "../db/schema.js";

/** A plan as every screen sees it: nothing in a plan is secret. */
export function presentPlan(row: typeof plans.$inferSelect): PlanRecord {
  return {
    id: row.id,
    name: row.name,
    users: row.users,
    connections: row.connections,
    queues: row.queues,
    value: row.value,
    isPublic: row.isPublic,
    useCampaigns: row.useCampaigns,
    useKanban: row.useKanban,
    useOpenAi: row.useOpenAi,
    useIntegrations: row.useIntegrations,
    useSchedules: row.useSchedules,
    useInternalChat: row.useInternalChat,
    useExternalApi: row.useExternalApi,
    useInternal: row.useInternal,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
