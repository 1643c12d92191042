import { desc, eq } from "drizzle-orm";
import type { SimulatorMessageView } from "@atendo/shared";
import type { Db } from "../../db/client.js";
import { simulatorMessages } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { findSimulatorConnection } from "./find-simulator-connection.js";
import { presentSimulatorMessage } from "./simulator-store.js";

/** The page shows at most this many of a chat's latest messages. */
export const SIMULATOR_CHAT_LIMIT = 500;

/** A chat's messages, oldest first, with their acks and reactions. */
export async function listSimulatorMessages(db: Db, companyId: number, whatsappId: number, chat: string): Promise<SimulatorMessageView[]> {
  await findSimulatorConnection(db, companyId, whatsappId);
  const rows = await db
    .select()
    .from(simulatorMessages)
    .where(inCompany(simulatorMessages, companyId, eq(simulatorMessages.whatsappId, whatsappId), eq(simulatorMessages.chat, chat)))
    .orderBy(desc(simulatorMessages.id))
    .limit(SIMULATOR_CHAT_LIMIT);
  return rows.reverse().map(presentSimulatorMessage);
}
