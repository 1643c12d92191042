import { BAILEYS_CAPABILITIES, type ProviderDefinition } from "../sessions/providers.js";
import { lazySession } from "../sessions/lazy-session.js";
import { ProviderError } from "../provider.js";
import type { MakeSocket } from "./baileys-socket.js";

/**
 * Tests and e2e runs (NODE_ENV=test) never reach WhatsApp: a "beta" session there fails to start, like a provider
 * that is unavailable, instead of dialling out. Tests of the adapter itself pass a fake socket.
 */
const offlineSocket: MakeSocket = () => {
  throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "Baileys does not connect to WhatsApp when NODE_ENV=test");
};

/** The Baileys provider ("beta") for the session manager's registry. */
export function baileysProvider(opts: { makeSocket?: MakeSocket } = {}): ProviderDefinition {
  return {
    name: "beta",
    capabilities: BAILEYS_CAPABILITIES,
    createSession(ctx, deps) {
      // Baileys is imported when a "beta" session is first used, not at every start (see lazy-session.ts).
      return lazySession(BAILEYS_CAPABILITIES, async () => (await import("./baileys-session.js")).createBaileysSession({
        companyId: ctx.companyId,
        whatsappId: ctx.whatsappId,
        onEvent: (event) => ctx.onEvent(event),
        db: deps.db,
        encryptionKey: deps.config.whatsappEncryptionKey,
        logger: deps.logger,
        ...(opts.makeSocket ? { makeSocket: opts.makeSocket } : deps.config.nodeEnv === "test" ? { makeSocket: offlineSocket } : {}),
      }));
    },
  };
}
