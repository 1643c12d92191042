import type { WhatsAppProviderView } from "@atendo/shared";
import { defaultProvider, type ConnectionDeps } from "./connection-rules.js";
import { PROVIDER_CAPABILITIES } from "./present-whatsapp.js";

/** GET /whatsapp-providers: what the connection dialog may offer on this server, and its default. */
export function listWhatsappProviders(config: ConnectionDeps["config"]): WhatsAppProviderView[] {
  const names = config.simulatorEnabled ? (["beta", "simulator", "cloudapi"] as const) : (["beta", "cloudapi"] as const);
  const fallback = defaultProvider(config);
  return names.map((name) => ({ name, isDefault: name === fallback, capabilities: PROVIDER_CAPABILITIES[name] }));
}
