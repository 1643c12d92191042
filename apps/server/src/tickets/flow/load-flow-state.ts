import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { defaultWorkingHours, SETTING_DEFAULTS, type SettingKey, type WorkingHoursEntry } from "@atendo/shared";
import type { DbOrTx } from "../../db/client.js";
import type { CompanyCache } from "../../cache/company-cache.js";
import { inCompany } from "../../db/tenant.js";
import { companies, contacts, queues, settings, tickets, users, whatsappQueues, whatsapps } from "../../db/schema.js";

export type TicketRow = typeof tickets.$inferSelect;
export type ConnectionRow = typeof whatsapps.$inferSelect;
export type QueueRow = typeof queues.$inferSelect;

/** The ticket, locked for the rest of the transaction: the bot's decisions on one ticket never interleave. */
export async function lockTicket(tx: DbOrTx, companyId: number, ticketId: number): Promise<TicketRow | undefined> {
  const [ticket] = await tx.select().from(tickets).where(inCompany(tickets, companyId, eq(tickets.id, ticketId))).for("update");
  return ticket;
}

export async function loadConnection(tx: DbOrTx, companyId: number, whatsappId: number | null): Promise<ConnectionRow | undefined> {
  if (whatsappId === null) return undefined;
  const [connection] = await tx.select().from(whatsapps).where(inCompany(whatsapps, companyId, eq(whatsapps.id, whatsappId)));
  return connection;
}

/** The connection's queues as the menu lists them: by orderQueue (unset last), then name. */
export async function loadConnectionQueues(tx: DbOrTx, companyId: number, whatsappId: number): Promise<QueueRow[]> {
  const rows = await tx
    .select({ queue: queues })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(inCompany(whatsappQueues, companyId, eq(whatsappQueues.whatsappId, whatsappId)))
    .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.name), asc(queues.id));
  return rows.map((row) => row.queue);
}

export async function loadQueue(tx: DbOrTx, companyId: number, queueId: number | null): Promise<QueueRow | undefined> {
  if (queueId === null) return undefined;
  const [queue] = await tx.select().from(queues).where(inCompany(queues, companyId, eq(queues.id, queueId)));
  return queue;
}

export async function loadContactName(tx: DbOrTx, companyId: number, contactId: number): Promise<string> {
  const [contact] = await tx.select({ name: contacts.name }).from(contacts).where(inCompany(contacts, companyId, eq(contacts.id, contactId)));
  return contact?.name ?? "";
}

export async function loadUserName(tx: DbOrTx, companyId: number, userId: number | null): Promise<string | undefined> {
  if (userId === null) return undefined;
  const [user] = await tx.select({ name: users.name }).from(users).where(inCompany(users, companyId, eq(users.id, userId)));
  return user?.name;
}

/** The company's working hours; the defaults until saved, as the schedules page shows them (getCompanySchedules). */
export async function loadCompanySchedules(tx: DbOrTx, companyId: number): Promise<WorkingHoursEntry[]> {
  const [company] = await tx.select({ schedules: companies.schedules }).from(companies).where(eq(companies.id, companyId));
  return company?.schedules?.length ? (company.schedules as WorkingHoursEntry[]) : defaultWorkingHours();
}

const FLOW_SETTING_KEYS = [
  "userRating",
  "scheduleType",
  "sendGreetingAccepted",
  "sendMsgTransfTicket",
  "sendGreetingMessageOneQueues",
  "chatBotType",
] as const satisfies readonly SettingKey[];
export type FlowSettings = Record<(typeof FLOW_SETTING_KEYS)[number], string>;

/** The settings the bot reads, stored value or default. */
export async function loadFlowSettings(tx: DbOrTx, companyId: number): Promise<FlowSettings> {
  const rows = await tx
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(inCompany(settings, companyId), inArray(settings.key, [...FLOW_SETTING_KEYS])));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(FLOW_SETTING_KEYS.map((key) => [key, stored.get(key) ?? SETTING_DEFAULTS[key]])) as FlowSettings;
}

/**
 * The bot's per-company reads for one customer message, through the company cache when there is one (ingestion's
 * hot path; the values are shared, read-only). A miss loads in the caller's transaction, which on this path has not
 * written any of these tables.
 */
export function cachedFlowState(cache: CompanyCache | undefined, tx: DbOrTx, companyId: number) {
  const get = <T>(key: string, load: () => Promise<T>): Promise<T> => (cache ? cache.get(companyId, key, load) : load());
  return {
    connection: (id: number | null) => (id === null ? Promise.resolve(undefined) : get(`connection:${id}`, () => loadConnection(tx, companyId, id))),
    connectionQueues: (id: number) => get(`connection-queues:${id}`, () => loadConnectionQueues(tx, companyId, id)),
    queue: (id: number | null) => (id === null ? Promise.resolve(undefined) : get(`queue:${id}`, () => loadQueue(tx, companyId, id))),
    settings: () => get("flow-settings", () => loadFlowSettings(tx, companyId)),
    schedules: () => get("schedules", () => loadCompanySchedules(tx, companyId)),
  };
}
export type FlowState = ReturnType<typeof cachedFlowState>;
