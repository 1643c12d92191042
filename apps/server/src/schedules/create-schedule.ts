import type { ScheduleData, ScheduleView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { schedules } from "../db/schema.js";
import { checkScheduleTargets } from "./check-schedule-targets.js";
import { checkScheduleTemplate, scheduleTemplateOf } from "./check-schedule-template.js";
import { loadScheduleView } from "./load-schedule-views.js";
import { enqueueScheduleSend } from "./schedule-jobs.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "outbound" | "config">;

/**
 * POST /schedules: a message to one of the company's contacts at `sendAt`, through the chosen connection (or the
 * company's default at send time), sent as the caller's. The row and its send job commit together. A time in the past
 * is accepted and sent at once (the dialog defaults to one hour ahead; the spec sets no lower bound).
 */
export async function createSchedule(deps: Deps, auth: AuthContext, input: ScheduleData): Promise<ScheduleView> {
  await checkScheduleTemplate(deps, auth.companyId, input);
  const id = await deps.db.transaction(async (tx) => {
    await checkScheduleTargets(tx, auth.companyId, input);
    const [row] = await tx
      .insert(schedules)
      .values({
        companyId: auth.companyId,
        contactId: input.contactId,
        userId: auth.userId,
        whatsappId: input.whatsappId ?? null,
        body: input.body,
        sendAt: input.sendAt,
        ...scheduleTemplateOf(input),
      })
      .returning();
    await enqueueScheduleSend(tx, deps.jobs, row!);
    return row!.id;
  });
  return (await loadScheduleView(deps.db, auth.companyId, id))!;
}
