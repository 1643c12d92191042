import { idParamsSchema, scheduleListQuerySchema, scheduleSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { sendStoredMedia } from "../http/send-stored-media.js";
import { readUpload } from "../storage/read-upload.js";
import { attachScheduleMedia } from "./attach-schedule-media.js";
import { createSchedule } from "./create-schedule.js";
import { deleteSchedule } from "./delete-schedule.js";
import { emitSchedule } from "./emit-schedule.js";
import { findSchedule } from "./find-schedule.js";
import { listSchedules } from "./list-schedules.js";
import { loadScheduleView } from "./load-schedule-views.js";
import { openScheduleMedia } from "./open-schedule-media.js";
import { removeScheduleMedia } from "./remove-schedule-media.js";
import { updateSchedule } from "./update-schedule.js";
import { AppError } from "../errors.js";

/**
 * Schedules (administration sections 2 to 7): every route needs the plan flag useSchedules (`schedules:use`, 403
 * ERR_PLAN_FEATURE_DISABLED without it). Events `company-{id}-schedule` keep every open calendar current.
 */
export async function schedulesRoutes(app: App): Promise<void> {
  const permission = "schedules:use" as const;
  const params = { id: { resource: "schedules" as const } };
  const { db, storage, realtime } = app.deps;
  const example = { body: { body: "Olá, {nome}! Lembrete da sua consulta.", contactId: 1, sendAt: "2030-01-01T12:00:00.000Z" } };

  // Also answers /schedules/ (trailing slashes are ignored).
  app.get("/schedules", { schema: { querystring: scheduleListQuerySchema }, config: { permission } }, async (request) =>
    listSchedules(db, authOf(request).companyId, request.query),
  );

  app.get("/schedules/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request) => {
    const schedule = await loadScheduleView(db, authOf(request).companyId, request.params.id);
    if (!schedule) throw new AppError("ERR_NOT_FOUND", 404);
    return schedule;
  });

  app.get("/schedules/:id/media", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request, reply) =>
    sendStoredMedia(reply, await openScheduleMedia(db, storage, authOf(request).companyId, request.params.id)),
  );

  app.post("/schedules", { schema: { body: scheduleSchema }, config: { permission, example } }, async (request, reply) => {
    const auth = authOf(request);
    const schedule = await createSchedule(app.deps, auth, request.body);
    emitSchedule(realtime, auth.companyId, { action: "create", schedule });
    return reply.status(201).send(schedule);
  });

  app.put(
    "/schedules/:id",
    { schema: { params: idParamsSchema, body: scheduleSchema }, config: { permission, params, example } },
    async (request) => {
      const auth = authOf(request);
      const schedule = await updateSchedule(app.deps, auth, request.params.id, request.body);
      emitSchedule(realtime, auth.companyId, { action: "update", schedule });
      return schedule;
    },
  );

  app.delete("/schedules/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request, reply) => {
    const auth = authOf(request);
    await deleteSchedule(db, storage, auth.companyId, request.params.id);
    emitSchedule(realtime, auth.companyId, { action: "delete", scheduleId: request.params.id });
    return reply.status(204).send();
  });

  app.post(
    "/schedules/:id/media-upload",
    { schema: { params: idParamsSchema }, config: { permission, params, multipart: true } },
    async (request) => {
      const auth = authOf(request);
      // Refused before the upload is read: another company's id, a sent schedule.
      const row = await findSchedule(db, auth.companyId, request.params.id);
      if (row.sentAt !== null) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409);
      const upload = await readUpload(request);
      const schedule = await attachScheduleMedia(db, storage, auth.companyId, request.params.id, upload);
      emitSchedule(realtime, auth.companyId, { action: "update", schedule });
      return schedule;
    },
  );

  app.delete("/schedules/:id/media-upload", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request) => {
    const auth = authOf(request);
    const schedule = await removeScheduleMedia(db, storage, auth.companyId, request.params.id);
    emitSchedule(realtime, auth.companyId, { action: "update", schedule });
    return schedule;
  });
}
