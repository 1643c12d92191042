import type { SecretSettingKey, SettingEntry } from "@atendo/shared";
import type { SecretBox } from "../whatsapp/crypto/secret-box.js";
import { maskSecret, openSettingSecret } from "./setting-secret.js";

/**
 * What an answer says about an integration secret: `set`, and a mask with at most its last four characters
 * (`"••••1234"`); never the value. Without the key (or when the stored value does not decrypt) only "••••".
 */
export function presentSecretSetting(box: SecretBox | null, companyId: number, key: SecretSettingKey, stored: string | undefined): SettingEntry {
  if (stored === undefined || stored === "") return { key, value: "", set: false };
  if (!box) return { key, value: "••••", set: true };
  try {
    return { key, value: maskSecret(openSettingSecret(box, companyId, key, stored)), set: true };
  } catch {
    return { key, value: "••••", set: true };
  }
}
