import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { FileStorage } from "../../storage/file-storage.js";
import type { Realtime } from "../../realtime/realtime.js";
import { emitWhatsappUpdate } from "../../connections/emit-whatsapp.js";
import { simulatorProvider } from "../simulator/simulator-provider.js";
import { socketIoChannel } from "./command-channel.js";
import { baileysProvider } from "../baileys/baileys-provider.js";
import { cloudApiProvider } from "../cloudapi/cloudapi-provider.js";
import type { Outbound } from "../../outbound/outbound.js";
import { createProviderRegistry, type ProviderDefinition } from "./providers.js";
import { createSessionManager, type SessionManager } from "./session-manager.js";

/**
 * The app's session manager: the providers this configuration offers, the command channel (Redis when several
 * processes share the work), and the socket events of every status change.
 */
export function createAppSessions(deps: { db: Db; config: Config; logger: FastifyBaseLogger; realtime: Realtime; storage: FileStorage; outbound?: Outbound }): SessionManager {
  const { config, realtime } = deps;
  const definitions: ProviderDefinition[] = [baileysProvider(), cloudApiProvider()];
  if (config.simulatorEnabled) definitions.push(simulatorProvider());
  return createSessionManager({
    db: deps.db,
    logger: deps.logger,
    providers: createProviderRegistry(definitions),
    providerDeps: { db: deps.db, storage: deps.storage, logger: deps.logger, realtime, config, outbound: deps.outbound },
    channel: config.redisUrl ? socketIoChannel(realtime.io) : undefined,
    leaseSeconds: config.sessionLeaseSeconds,
    instanceId: config.instanceId,
    sweep: config.sessionSweep ?? true,
    onConnectionChange: ({ companyId, whatsappId }) => emitWhatsappUpdate(deps, companyId, whatsappId, { session: true }),
  });
}
