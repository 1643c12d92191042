import type { PlanView, SessionUser } from "@atendo/shared";

export function makePlan(flags: Partial<PlanView> = {}): PlanView {
  return {
    id: 1,
    name: "Plano",
    users: 10,
    connections: 2,
    queues: 5,
    value: "99.90",
    useCampaigns: false,
    useKanban: false,
    useOpenAi: false,
    useIntegrations: false,
    useSchedules: false,
    useInternalChat: false,
    useExternalApi: false,
    useInternal: false,
    ...flags,
  };
}

export function makeUser(overrides: Partial<SessionUser> = {}, plan: Partial<PlanView> = {}): SessionUser {
  return {
    id: 7,
    name: "Ana Souza",
    email: "ana@demo.test",
    profile: "user",
    super: false,
    allTicket: "desabled",
    companyId: 3,
    whatsappId: null,
    online: true,
    queues: [],
    company: { id: 3, name: "Demo Ltda", dueDate: "2099-12-31", settings: [], plan: makePlan(plan) },
    ...overrides,
  };
}
