import type { GroupContactView } from "@atendo/shared";
import type { contacts } from "../../db/schema.js";
import { maskSecret } from "../../settings/setting-secret.js";
import { openResumeKey } from "../ai-secrets.js";

type ContactRow = typeof contacts.$inferSelect;

/** What the transcribe page sees of a group: its settings, the key only as set-or-not and masked. */
export function presentGroupContact(row: ContactRow, encryptionKey: Buffer): GroupContactView {
  let masked = "";
  if (row.resumeKey) {
    try {
      masked = maskSecret(openResumeKey(encryptionKey, row.companyId, row.id, row.resumeKey));
    } catch {
      masked = "••••";
    }
  }
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    isGroup: true,
    profilePicUrl: row.profilePicUrl,
    activetranscribe: row.activeTranscribe,
    resumegroup: row.resumeGroup,
    timeresume: row.timeResume,
    resumeprovider: row.resumeProvider,
    resumemodel: row.resumeModel,
    hasResumeKey: Boolean(row.resumeKey),
    resumekeyMasked: masked,
    resumemaxtokens: row.resumeMaxTokens,
    resumetemperature: row.resumeTemperature,
    resumeprompt: row.resumePrompt,
  };
}
