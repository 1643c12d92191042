import type { WhatsAppCreateInput } from "@atendo/shared";
import type { whatsapps } from "../../db/schema.js";
import { secretPatch } from "../../connections/connection-rules.js";
import { sealCloudSecret } from "./cloud-secrets.js";
import { newCloudVerifyToken, newCloudWebhookKey } from "./cloud-webhook-url.js";

type Row = typeof whatsapps.$inferSelect;
type CloudInput = Pick<WhatsAppCreateInput, "cloudPhoneNumberId" | "cloudBusinessAccountId" | "cloudAccessToken" | "cloudAppSecret">;

/**
 * The Cloud API columns a save writes: ids as sent, the token and app secret sealed (absent keeps, null or "" clears),
 * and, the first time the connection is a Cloud API one, its webhook key and verify token. `changed`: the session
 * must restart (new credentials); new ids also wait for Meta to verify the webhook again.
 */
export function cloudFieldsPatch(
  encryptionKey: Buffer | undefined,
  companyId: number,
  provider: string,
  input: CloudInput,
  current?: Pick<Row, "cloudWebhookKey" | "cloudVerifyToken">,
): { patch: Partial<typeof whatsapps.$inferInsert>; changed: boolean } {
  const patch: Partial<typeof whatsapps.$inferInsert> = {};
  const seal = (kind: "token" | "app-secret", value: string | null | undefined) => {
    const plain = secretPatch(value);
    if (plain === undefined || plain === null) return plain;
    if (!encryptionKey) throw new Error("cloud API secrets need WHATSAPP_ENCRYPTION_KEY");
    return sealCloudSecret(encryptionKey, companyId, kind, plain);
  };
  if (input.cloudPhoneNumberId !== undefined) patch.cloudPhoneNumberId = input.cloudPhoneNumberId || null;
  if (input.cloudBusinessAccountId !== undefined) patch.cloudBusinessAccountId = input.cloudBusinessAccountId || null;
  const token = seal("token", input.cloudAccessToken);
  if (token !== undefined) patch.cloudAccessToken = token;
  const secret = seal("app-secret", input.cloudAppSecret);
  if (secret !== undefined) patch.cloudAppSecret = secret;
  const changed = Object.keys(patch).length > 0;
  if (input.cloudPhoneNumberId !== undefined) patch.cloudWebhookVerifiedAt = null;
  if (provider === "cloudapi") {
    if (!current?.cloudWebhookKey) patch.cloudWebhookKey = newCloudWebhookKey();
    if (!current?.cloudVerifyToken) patch.cloudVerifyToken = newCloudVerifyToken();
  }
  return { patch, changed };
}
