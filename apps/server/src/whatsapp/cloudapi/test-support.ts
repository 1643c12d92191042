import { createHmac, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { WhatsAppView } from "@atendo/shared";
import { messages, whatsapps } from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import { connectionsCompany, waitForStatus } from "../../connections/test-support.js";
import type { FakeGraphApi, FakePhoneNumber } from "../../test/fakes/graph-api.js";
import type { TestApp } from "../../test/helpers.js";
import { eventually } from "../../test/socket-client.js";
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

export interface CloudConnectionSetup {
  asAdmin: Record<string, string>;
  adminId: number;
  companyId: number;
  phone: FakePhoneNumber;
  appSecret: string;
  view: WhatsAppView;
  /** The webhook's path on the app. */
  path: string;
}

/**
 * A company of its own with a Cloud API connection created through the connections API with a fake phone's ids, its
 * webhook verified as Meta does, and CONNECTED.
 */
export async function connectCloudApi(app: TestApp, db: Db, graph: FakeGraphApi): Promise<CloudConnectionSetup> {
  const { asAdmin, admin, company } = await connectionsCompany(app, db);
  const phone = graph.addPhone({ verifiedName: "Loja Nuvem" });
  const appSecret = `secret-${randomBytes(8).toString("hex")}`;
  const res = await app.inject({
    method: "POST",
    url: "/whatsapp",
    headers: asAdmin,
    payload: { name: `Nuvem ${randomBytes(3).toString("hex")}`, provider: "cloudapi", cloudPhoneNumberId: phone.id, cloudBusinessAccountId: phone.wabaId, cloudAccessToken: phone.token, cloudAppSecret: appSecret },
  });
  if (res.statusCode !== 201) throw new Error(`connection not created: ${res.body}`);
  const view = res.json<WhatsAppView>();
  const path = view.cloudWebhookUrl!;
  const verify = await app.inject({ method: "GET", url: `${path}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(view.cloudVerifyToken!)}&hub.challenge=1` });
  if (verify.statusCode !== 200) throw new Error(`webhook not verified: ${verify.statusCode}`);
  await waitForStatus(db, view.id, "CONNECTED");
  return { asAdmin, adminId: admin.id, companyId: company.id, phone, appSecret, view, path };
}

/** Meta's delivery of a webhook payload: the raw body signed with the app secret (X-Hub-Signature-256). */
export function postCloudWebhook(app: TestApp, path: string, payload: unknown, appSecret: string) {
  const raw = JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;
  return app.inject({ method: "POST", url: path, headers: { "content-type": "application/json", "x-hub-signature-256": signature }, payload: raw });
}

/** A customer's webhook message ingested: answers the stored row (its ticket, its provider id). */
export async function cloudCustomerWrites(app: TestApp, db: Db, s: CloudConnectionSetup, payload: { id: string; payload: unknown }) {
  const res = await postCloudWebhook(app, s.path, payload.payload, s.appSecret);
  if (res.statusCode !== 200) throw new Error(`webhook refused: ${res.statusCode}`);
  let row: typeof messages.$inferSelect | undefined;
  await eventually(async () => {
    [row] = await db.select().from(messages).where(and(eq(messages.whatsappId, s.view.id), eq(messages.providerId, payload.id)));
    return row !== undefined;
  });
  return row!;
}
