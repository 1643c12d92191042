import { eq } from "drizzle-orm";
import type { ScheduleData, ScheduleView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { schedules } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { checkScheduleTargets } from "./check-schedule-targets.js";
import { checkScheduleTemplate, scheduleTemplateOf } from "./check-schedule-template.js";
import { findEditableSchedule } from "./find-schedule.js";
import { loadScheduleView } from "./load-schedule-views.js";
import { enqueueScheduleSend } from "./schedule-jobs.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "outbound" | "config">;

/**
 * PUT /schedules/{id}: only while not sent (409 ERR_SCHEDULE_ALREADY_SENT after). The row is locked, so an edit and the
 * send job never cross: either the job sends the old version first (and the edit is refused) or the edit wins and the
 * job finds a new time. Saving a failed or expired schedule schedules it again (status back to PENDENTE).
 */
export async function updateSchedule(deps: Deps, auth: AuthContext, id: number, input: ScheduleData): Promise<ScheduleView> {
  await checkScheduleTemplate(deps, auth.companyId, input);
  await deps.db.transaction(async (tx) => {
    await findEditableSchedule(tx, auth.companyId, id);
    await checkScheduleTargets(tx, auth.companyId, input);
    const [row] = await tx
      .update(schedules)
      .set({
        contactId: input.contactId,
        whatsappId: input.whatsappId ?? null,
        body: input.body,
        sendAt: input.sendAt,
        ...scheduleTemplateOf(input),
        status: "PENDENTE",
        error: null,
        updatedAt: new Date(),
      })
      .where(inCompany(schedules, auth.companyId, eq(schedules.id, id)))
      .returning();
    // A new job for the (possibly same) time; the old one, if still waiting, finds the row already sent or moved.
    await enqueueScheduleSend(tx, deps.jobs, row!);
  });
  return (await loadScheduleView(deps.db, auth.companyId, id))!;
}
