import { eq } from "drizzle-orm";
import { missingPlanFlag, normalizeSummaryTime, type GroupContactView, type GroupSettingsData } from "@atendo/shared";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-deps.js";
import type { AuthContext } from "../../auth/load-session-context.js";
import { contacts } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { AppError, validationError } from "../../errors.js";
import { inTransaction } from "../../tickets/in-transaction.js";
import { sealResumeKey } from "../ai-secrets.js";
import { presentGroupContact } from "./present-group-contact.js";
import { scheduleGroupSummary } from "./schedule-group-summary.js";

type Deps = Pick<AppDeps, "db" | "config" | "jobs">;

/**
 * PUT /contacts/{id} from the transcribe page: a group's transcription toggle, or its summary switch and
 * configuration (administration spec 3, 7). The key is write-only (absent keeps it, null or "" clears it) and sealed.
 * Turning the summary on needs a provider, a model, a key and a time; a summary that is on gets its next run
 * scheduled with the save (a run for an older time finds itself stale).
 */
export async function updateGroupSettings(
  deps: Deps,
  logger: FastifyBaseLogger,
  auth: AuthContext,
  contactId: number,
  input: GroupSettingsData,
): Promise<GroupContactView> {
  const flag = missingPlanFlag(auth, "transcribe:use");
  if (flag) throw new AppError("ERR_PLAN_FEATURE_DISABLED", 403, { flag });
  return inTransaction(deps.db as AppDeps["db"], logger, async (tx) => {
    const [current] = await tx
      .select()
      .from(contacts)
      .where(inCompany(contacts, auth.companyId, eq(contacts.id, contactId)))
      .for("update");
    if (!current) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
    if (!current.isGroup) throw new AppError("ERR_BAD_REQUEST", 400, { reason: "not a group" });

    const values: Partial<typeof contacts.$inferInsert> = { updatedAt: new Date() };
    if (input.activetranscribe !== undefined) values.activeTranscribe = input.activetranscribe;
    if (input.resumegroup !== undefined) values.resumeGroup = input.resumegroup;
    if (input.timeresume !== undefined) values.timeResume = normalizeSummaryTime(input.timeresume);
    if (input.resumeprovider !== undefined) values.resumeProvider = input.resumeprovider;
    if (input.resumemodel !== undefined) values.resumeModel = input.resumemodel;
    if (input.resumemaxtokens !== undefined) values.resumeMaxTokens = input.resumemaxtokens;
    if (input.resumetemperature !== undefined) values.resumeTemperature = input.resumetemperature;
    if (input.resumeprompt !== undefined) values.resumePrompt = input.resumeprompt;
    if (input.resumekey !== undefined) {
      const key = input.resumekey?.trim() ?? "";
      values.resumeKey = key ? sealResumeKey(deps.config.whatsappEncryptionKey, auth.companyId, current.id, key) : null;
    }

    const next = { ...current, ...values };
    if (next.resumeGroup) {
      const missing = [
        ...(next.resumeProvider ? [] : ["body.resumeprovider"]),
        ...(next.resumeModel ? [] : ["body.resumemodel"]),
        ...(next.resumeKey ? [] : ["body.resumekey"]),
        ...(next.timeResume ? [] : ["body.timeresume"]),
      ];
      if (missing.length > 0) throw validationError(missing.map((path) => ({ path, message: "validation.required" })));
    }
    const [saved] = await tx.update(contacts).set(values).where(inCompany(contacts, auth.companyId, eq(contacts.id, current.id))).returning();
    if (saved!.resumeGroup && saved!.timeResume) {
      await scheduleGroupSummary(tx, deps.jobs, { companyId: auth.companyId, contactId: saved!.id, time: saved!.timeResume });
    }
    return presentGroupContact(saved!, deps.config.whatsappEncryptionKey);
  });
}
