import { randomBytes } from "node:crypto";
import { whatsapps } from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import type { FakePhoneNumber } from "../../test/fakes/graph-api.js";
import { sealCloudSecret } from "./cloud-secrets.js";
import { newCloudVerifyToken, newCloudWebhookKey } from "./cloud-webhook-url.js";

export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7);

/** A Cloud API connection row for a fake phone (secrets sealed as the connections API seals them). */
export async function insertCloudConnection(
  db: Db,
  companyId: number,
  phone: FakePhoneNumber,
  o: { appSecret?: string; verified?: boolean; name?: string; encryptionKey?: Buffer } = {},
) {
  const key = o.encryptionKey ?? TEST_ENCRYPTION_KEY;
  const appSecret = o.appSecret ?? randomBytes(16).toString("hex");
  const [row] = await db
    .insert(whatsapps)
    .values({
      companyId,
      name: o.name ?? `Cloud ${randomBytes(3).toString("hex")}`,
      provider: "cloudapi",
      cloudPhoneNumberId: phone.id,
      cloudBusinessAccountId: phone.wabaId,
      cloudAccessToken: sealCloudSecret(key, companyId, "token", phone.token),
      cloudAppSecret: sealCloudSecret(key, companyId, "app-secret", appSecret),
      cloudVerifyToken: newCloudVerifyToken(),
      cloudWebhookKey: newCloudWebhookKey(),
      cloudWebhookVerifiedAt: o.verified === false ? null : new Date(),
    })
    .returning();
  return { row: row!, appSecret };
}
