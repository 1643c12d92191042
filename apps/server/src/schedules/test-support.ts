import { eq } from "drizzle-orm";
import type { ScheduleView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { messages, schedules } from "../db/schema.js";
import type { TestApp } from "../test/helpers.js";
import { conversationFixture } from "../messages/test-support.js";

/**
 * Tests only: a company with a connected simulator connection and a customer with an open ticket of the agent (see
 * conversationFixture), plus helpers to schedule as the agent and read rows back.
 */
export async function scheduleFixture(app: TestApp, database: Database, customer?: string) {
  const ctx = await conversationFixture(app, database, customer);
  const schedule = async (payload: Record<string, unknown>, headers = ctx.asAgent) =>
    app.inject({ method: "POST", url: "/schedules", headers, payload: { contactId: ctx.contact.id, ...payload } });
  const row = async (id: number) => (await database.db.select().from(schedules).where(eq(schedules.id, id)))[0]!;
  const ticketMessages = async (ticketId: number) => database.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);
  return { ...ctx, schedule, row, ticketMessages };
}

export const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

export type { ScheduleView };
