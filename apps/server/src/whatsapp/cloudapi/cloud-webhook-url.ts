import { randomBytes } from "node:crypto";

export const CLOUD_WEBHOOK_PREFIX = "/webhooks/whatsapp-cloud";

/** A new connection's webhook key (the unguessable path segment) or verify token. */
export const newCloudWebhookKey = () => randomBytes(24).toString("base64url");
export const newCloudVerifyToken = () => randomBytes(18).toString("base64url");

/**
 * The webhook URL to paste at Meta: absolute under PUBLIC_URL when it is set; otherwise the path, which the client
 * completes with the origin it talks to (socket events have no request to take an origin from).
 */
export function cloudWebhookPath(key: string, publicUrl?: string): string {
  const path = `${CLOUD_WEBHOOK_PREFIX}/${key}`;
  return publicUrl ? `${publicUrl.replace(/\/+$/, "")}${path}` : path;
}
