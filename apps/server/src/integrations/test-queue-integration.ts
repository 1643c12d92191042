import type { QueueIntegrationTestData, QueueIntegrationTestResult } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { OutboundError } from "../outbound/outbound-fetch.js";
import { adapterFor, serviceSettingsOf } from "./adapters/index.js";
import { findQueueIntegration } from "./find-queue-integration.js";
import { integrationSecretBox, isMaskedEcho } from "./integration-secrets.js";
import { integrationConfigOf } from "./present-queue-integration.js";

/**
 * POST /queueIntegration/testSession: whether the settings reach the service (the adapter's `testSession`), with
 * the outbound guard and its timeout. With `id`, the stored integration is the base and the body's fields (a
 * secret sent masked keeps the stored one) override it, so the form can be tested before saving. Answers
 * `{ ok, details }`; a refusal by the guard or a timeout is `ok: false` with what happened, not an error.
 */
export async function testQueueIntegration(
  deps: Pick<AppDeps, "db" | "config" | "outbound">,
  companyId: number,
  input: QueueIntegrationTestData,
): Promise<QueueIntegrationTestResult> {
  const box = integrationSecretBox(deps.config.whatsappEncryptionKey);
  const stored = input.id !== undefined ? integrationConfigOf(box, await findQueueIntegration(deps.db, companyId, input.id)) : {};
  const sent = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && !(typeof value === "string" && isMaskedEcho(value))));
  const raw: Record<string, unknown> = { ...stored, ...sent, companyId, ...serviceSettingsOf(deps.config) };
  const adapter = adapterFor(String(raw.type));
  if (!adapter?.testSession) return { ok: false, details: `no test for ${String(raw.type)}` };
  const timeoutMs = deps.config.outboundTimeoutMs ?? 15_000;
  try {
    const config = adapter.parseConfig(raw);
    return await adapter.testSession(config, { fetch: deps.outbound.fetch, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    if (err instanceof OutboundError) return { ok: false, details: `${err.code}: ${err.message}` };
    if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) return { ok: false, details: "timeout" };
    if (err instanceof Error && err.name === "ZodError") return { ok: false, details: "invalid settings" };
    throw err;
  }
}
