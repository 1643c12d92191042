import { eq } from "drizzle-orm";
import type { WhatsAppCreateInput, WhatsAppView } from "@atendo/shared";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { assertGreeting, assertProviderAllowed, defaultProvider, startQuietly, transcribeKeyPatch, type ConnectionDeps } from "./connection-rules.js";
import { loadWhatsappView, seesToken } from "./get-whatsapp.js";
import { assertPlanLimit } from "../platform/plan-limit.js";
import { assertCompanyQueues, setWhatsappQueues } from "./whatsapp-queues.js";
import { assertBotLinks } from "../integrations/assert-bot-links.js";
import { cloudFieldsPatch } from "../whatsapp/cloudapi/cloud-fields-patch.js";

export interface SavedWhatsapp {
  whatsapp: WhatsAppView;
  /** Other connections this save changed (the previous default). */
  alsoChanged: number[];
}

/**
 * An admin adds a connection, within the plan's connection count (the company row is locked, so two admins cannot
 * both take the last one). The company's first connection is its default; a new default takes the flag from the
 * old one in the same transaction. The session starts at once, so the QR is there when the dialog opens.
 */
export async function createWhatsapp(deps: ConnectionDeps, auth: AuthContext, input: WhatsAppCreateInput): Promise<SavedWhatsapp> {
  const { db } = deps;
  const { companyId } = auth;
  const provider = input.provider ?? defaultProvider(deps.config);
  assertProviderAllowed(deps.config, provider);
  assertGreeting(input.queueIds ?? [], input.greetingMessage ?? "");
  if (input.transferQueueId) await assertCompanyQueues(db, companyId, [input.transferQueueId], "transferQueueId");
  await assertBotLinks(db, companyId, { promptId: input.promptId });

  let saved: { id: number; alsoChanged: number[] };
  try {
    saved = await db.transaction(async (tx) => {
      const { used: existing } = await assertPlanLimit(tx, companyId, "connections");
      const isDefault = existing === 0 || input.isDefault === true;
      const previous = isDefault
        ? await tx
            .update(whatsapps)
            .set({ isDefault: false, updatedAt: new Date() })
            .where(inCompany(whatsapps, companyId, eq(whatsapps.isDefault, true)))
            .returning({ id: whatsapps.id })
        : [];
      const [row] = await tx
        .insert(whatsapps)
        .values({
          companyId,
          name: input.name,
          provider,
          isDefault,
          greetingMessage: input.greetingMessage ?? "",
          complationMessage: input.complationMessage ?? "",
          outOfHoursMessage: input.outOfHoursMessage ?? "",
          ratingMessage: input.ratingMessage ?? "",
          expiresInactiveMessage: input.expiresInactiveMessage ?? "",
          expiresTicket: input.expiresTicket,
          timeUseBotQueues: input.timeUseBotQueues,
          maxUseBotQueues: input.maxUseBotQueues,
          timeToTransfer: input.timeToTransfer ?? null,
          transferQueueId: input.transferQueueId ?? null,
          promptId: input.promptId ?? null,
          activeTranscribe: input.activeTranscribe,
          transcribe: input.transcribe,
          transcribeme: input.transcribeme,
          transcribekey: transcribeKeyPatch(deps.config, auth.companyId, input.transcribekey) ?? null,
          transcribeprovider: input.transcribeprovider ?? null,
          sendme: input.sendme,
          timeforagroup: input.timeforagroup,
          timeresume: input.timeresume ?? null,
          sendRatePerSecond: input.sendRatePerSecond ?? null,
          ...cloudFieldsPatch(deps.config.whatsappEncryptionKey, companyId, provider, input).patch,
        })
        .returning({ id: whatsapps.id });
      await setWhatsappQueues(tx, companyId, row!.id, input.queueIds ?? []);
      return { id: row!.id, alsoChanged: previous.map((p) => p.id) };
    });
  } catch (err) {
    if (isUniqueViolation(err, "whatsapps_company_name_key")) throw new AppError("ERR_WAPP_NAME_ALREADY_EXISTS", 409);
    throw err;
  }
  await startQuietly(deps, saved.id);
  return { whatsapp: await loadWhatsappView(db, companyId, saved.id, { withToken: seesToken(auth) }), alsoChanged: saved.alsoChanged };
}
