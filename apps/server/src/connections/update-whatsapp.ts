import { eq, ne } from "drizzle-orm";
import type { WhatsAppUpdateInput } from "@atendo/shared";
import { companies, whatsappAuthKeys, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { assertGreeting, assertProviderAllowed, startQuietly, transcribeKeyPatch, type ConnectionDeps } from "./connection-rules.js";
import type { SavedWhatsapp } from "./create-whatsapp.js";
import { findWhatsapp, loadWhatsappView, seesToken } from "./get-whatsapp.js";
import { assertCompanyQueues, loadWhatsappQueues, setWhatsappQueues } from "./whatsapp-queues.js";
import { assertBotLinks } from "../integrations/assert-bot-links.js";
import { cloudFieldsPatch } from "../whatsapp/cloudapi/cloud-fields-patch.js";

/**
 * Changes only the fields sent (the card sends only what changed). Becoming the default takes the flag from the old
 * default in one transaction; giving it up is refused (ERR_NO_OTHER_WHATSAPP): the way to move it is to make
 * another connection the default. A new provider starts over: the old login is forgotten and the session restarts.
 */
export async function updateWhatsapp(deps: ConnectionDeps, auth: AuthContext, whatsappId: number, input: WhatsAppUpdateInput): Promise<SavedWhatsapp> {
  const { db } = deps;
  const { companyId } = auth;
  const current = await findWhatsapp(db, companyId, whatsappId);
  const providerChanged = input.provider !== undefined && input.provider !== current.provider;
  if (providerChanged) assertProviderAllowed(deps.config, input.provider!);
  const queueIds = input.queueIds ?? ((await loadWhatsappQueues(db, companyId, [whatsappId])).get(whatsappId) ?? []).map((q) => q.id);
  assertGreeting(queueIds, input.greetingMessage ?? current.greetingMessage);
  if (input.transferQueueId) await assertCompanyQueues(db, companyId, [input.transferQueueId], "transferQueueId");
  if (input.isDefault === false && current.isDefault) throw new AppError("ERR_NO_OTHER_WHATSAPP", 400);
  await assertBotLinks(db, companyId, { promptId: input.promptId });

  const { cloudPhoneNumberId, cloudBusinessAccountId, cloudAccessToken, cloudAppSecret, ...plainInput } = input;
  const cloud = cloudFieldsPatch(deps.config.whatsappEncryptionKey, companyId, input.provider ?? current.provider, { cloudPhoneNumberId, cloudBusinessAccountId, cloudAccessToken, cloudAppSecret }, current);
  // New Cloud API credentials: the session restarts with them (and checks them against the Graph API).
  const restart = providerChanged || (cloud.changed && (input.provider ?? current.provider) === "cloudapi");

  // The old provider's session must not outlive the change.
  if (restart) await deps.sessions.stopSession(whatsappId);

  let alsoChanged: number[] = [];
  try {
    alsoChanged = await db.transaction(async (tx) => {
      let previous: { id: number }[] = [];
      if (input.isDefault === true && !current.isDefault) {
        // Serialises default changes of the company: two at once would both find the old default.
        await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
        previous = await tx
          .update(whatsapps)
          .set({ isDefault: false, updatedAt: new Date() })
          .where(inCompany(whatsapps, companyId, eq(whatsapps.isDefault, true), ne(whatsapps.id, whatsappId)))
          .returning({ id: whatsapps.id });
      }
      // token: accepted from the spec's client and ignored (generated only; see the schema).
      const { queueIds: _queueIds, transcribekey, token: _token, ...fields } = plainInput;
      const [updated] = await tx
        .update(whatsapps)
        .set({
          ...fields,
          ...(transcribekey !== undefined ? { transcribekey: transcribeKeyPatch(deps.config, auth.companyId, transcribekey) ?? null } : {}),
          ...(providerChanged ? { status: "DISCONNECTED" as const, qrcode: "", pairingCode: "", number: "", retries: 0 } : {}),
          ...cloud.patch,
          updatedAt: new Date(),
        })
        .where(inCompany(whatsapps, companyId, eq(whatsapps.id, whatsappId)))
        .returning({ id: whatsapps.id });
      if (!updated) throw new AppError("ERR_NO_WAPP_FOUND", 404);
      if (providerChanged) await tx.delete(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, whatsappId));
      if (input.queueIds !== undefined) await setWhatsappQueues(tx, companyId, whatsappId, input.queueIds);
      return previous.map((p) => p.id);
    });
  } catch (err) {
    if (isUniqueViolation(err, "whatsapps_company_name_key")) throw new AppError("ERR_WAPP_NAME_ALREADY_EXISTS", 409);
    throw err;
  }
  if (restart) await startQuietly(deps, whatsappId);
  return { whatsapp: await loadWhatsappView(db, companyId, whatsappId, { withToken: seesToken(auth) }), alsoChanged };
}
