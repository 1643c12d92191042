import type { ProviderDefinition } from "../sessions/providers.js";
import { CLOUD_API_CAPABILITIES, createCloudApiSession, DEFAULT_CLOUD_API_TIMING, type CloudApiTiming } from "./cloudapi-session.js";

/** The provider "cloudapi": Meta's official WhatsApp Cloud API (Graph API + webhooks). */
export function cloudApiProvider(timing: CloudApiTiming = DEFAULT_CLOUD_API_TIMING): ProviderDefinition {
  return {
    name: "cloudapi",
    capabilities: CLOUD_API_CAPABILITIES,
    createSession: (ctx, deps) => createCloudApiSession(ctx, deps, timing),
  };
}
