import type { SimulatorDeps } from "./find-simulator-connection.js";
import { findSimulatorConnection } from "./find-simulator-connection.js";
import { resolveCustomer } from "./send-customer-message.js";

/** The customer opens the chat: the connection's messages there are read (blue ticks, ack 4). */
export async function readSimulatorChat(deps: SimulatorDeps, companyId: number, whatsappId: number, chat: string, author?: string): Promise<void> {
  await findSimulatorConnection(deps.db, companyId, whatsappId);
  const who = await resolveCustomer(deps, companyId, whatsappId, chat, author);
  await deps.simulate(whatsappId, { kind: "read", chat: who.chat, author: who.author });
}

/** The customer plays one of the connection's audio messages (ack 5). */
export async function playSimulatorAudio(
  deps: SimulatorDeps,
  companyId: number,
  whatsappId: number,
  chat: string,
  input: { messageId: string; author?: string },
): Promise<void> {
  await findSimulatorConnection(deps.db, companyId, whatsappId);
  const who = await resolveCustomer(deps, companyId, whatsappId, chat, input.author);
  await deps.simulate(whatsappId, { kind: "play", chat: who.chat, author: who.author, messageId: input.messageId });
}
