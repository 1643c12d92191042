import {
  companyEvent,
  groupContactsQuerySchema,
  groupSettingsSchema,
  idParamsSchema,
  isGroupSettingsBody,
  type ContactEventPayload,
} from "@atendo/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { validationError } from "../errors.js";
import { getContact } from "../contacts/get-contact.js";
import { TRANSCRIBE_JOB, type TranscribeJob } from "./transcription/queue-transcription.js";
import { transcribeMessage } from "./transcription/transcribe-message.js";
import { retryTranscription } from "./transcription/retry-transcription.js";
import { GROUP_SUMMARY_JOB, type GroupSummaryJob } from "./summaries/schedule-group-summary.js";
import { sendGroupSummary } from "./summaries/send-group-summary.js";
import { listGroupContacts } from "./summaries/list-group-contacts.js";
import { updateGroupSettings } from "./summaries/update-group-settings.js";

/** The transcription and group-summary workers. Registered before the routes: ingestion enqueues transcriptions. */
export async function registerAiJobs(app: App): Promise<void> {
  const deps = app.deps;
  // Several at once: each waits on a provider (AssemblyAI's polling for minutes), and one company's slow provider
  // must not hold up the others' transcripts.
  await deps.jobs.work<TranscribeJob>(TRANSCRIBE_JOB, (job, context) => transcribeMessage(deps, job, context), {
    retryLimit: 5,
    retryDelaySeconds: 5,
    concurrency: 4,
  });
  await deps.jobs.work<GroupSummaryJob>(GROUP_SUMMARY_JOB, async (job, context) => {
    await sendGroupSummary(deps, app.log, job, context);
  }, { retryLimit: 3, retryDelaySeconds: 30, concurrency: 2 });
}

/**
 * PUT /contacts/{id} with the transcribe page's fields (spec 7: activetranscribe; or resumegroup, timeresume, …) is
 * answered here, before the contact form's schema would refuse them: the same path, two bodies. Plan-gated
 * (useOpenAi) in the service, as the contact form's body is not.
 */
export function groupSettingsPreValidation(app: App) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isGroupSettingsBody(request.body)) return;
    const parsed = groupSettingsSchema.safeParse(request.body);
    if (!parsed.success) {
      throw validationError(parsed.error.issues.map((i) => ({ path: ["body", ...i.path.map(String)].join("."), message: i.message })));
    }
    const auth = authOf(request);
    const id = Number((request.params as { id?: unknown }).id);
    const group = await updateGroupSettings(app.deps, request.log, auth, id, parsed.data);
    const contact = await getContact(app.deps.db, auth.companyId, id);
    const payload: ContactEventPayload = { action: "update", contact: { ...contact, ...group } };
    app.deps.realtime.toCompany(auth.companyId, companyEvent.contact(auth.companyId), payload);
    return reply.send(group);
  };
}

export async function aiRoutes(app: App): Promise<void> {
  app.get(
    "/contacts/groups",
    { schema: { querystring: groupContactsQuerySchema }, config: { permission: "transcribe:use", example: { query: { pageNumber: "1" } } } },
    async (request) => listGroupContacts(app.deps, authOf(request).companyId, request.query),
  );

  app.post(
    "/messages/:id/transcribe",
    { schema: { params: idParamsSchema }, config: { params: { id: { resource: "messages" } } } },
    async (request) => retryTranscription(app.deps, request.log, authOf(request), request.params.id),
  );
}
