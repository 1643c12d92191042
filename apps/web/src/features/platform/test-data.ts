import type { PlanRecord, PlatformCompanyView } from "@atendo/shared";
import { isoDay } from "./company-due.js";

/** Tests only: a plan as GET /plans/all answers it. */
export function makePlanRecord(overrides: Partial<PlanRecord> = {}): PlanRecord {
  return {
    id: 1,
    name: "Básico",
    users: 5,
    connections: 1,
    queues: 3,
    value: "49.90",
    isPublic: true,
    useCampaigns: false,
    useKanban: true,
    useOpenAi: false,
    useIntegrations: false,
    useSchedules: true,
    useInternalChat: false,
    useExternalApi: false,
    useInternal: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** A day relative to today, as yyyy-MM-dd. */
export const daysFromToday = (days: number) => {
  const now = new Date();
  return isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
};

/** Tests only: a company as GET /companies/list answers it. */
export function makeCompany(overrides: Partial<PlatformCompanyView> = {}): PlatformCompanyView {
  return {
    id: 10,
    name: "Loja Azul",
    email: "contato@azul.test",
    phone: "11999990000",
    planId: 1,
    plan: { id: 1, name: "Básico" },
    status: true,
    approved: true,
    dueDate: daysFromToday(30),
    recurrence: "MENSAL",
    campaignsEnabled: true,
    isPlatform: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
