import { randomInt } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { simulatorContactCreateSchema, type SimulatorContactCreateInput, type SimulatorContactView } from "@atendo/shared";
import { simulatorContacts } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { AppError, validationError } from "../../errors.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { findSimulatorConnection, type SimulatorDeps } from "./find-simulator-connection.js";
import { emitSimulator, presentSimulatorContact } from "./simulator-store.js";
import { isNotRunning } from "./simulator-session.js";

/**
 * A new virtual customer, or a group of existing customers. The connection hears of it (a contact or group event)
 * when it runs; otherwise it meets the customer with their first message.
 */
export async function createSimulatorContact(
  deps: SimulatorDeps,
  companyId: number,
  whatsappId: number,
  raw: SimulatorContactCreateInput,
): Promise<SimulatorContactView> {
  const input = simulatorContactCreateSchema.parse(raw);
  await findSimulatorConnection(deps.db, companyId, whatsappId);
  const members = [...new Set(input.members)];
  if (input.isGroup) {
    const found = await deps.db
      .select({ number: simulatorContacts.number })
      .from(simulatorContacts)
      .where(inCompany(simulatorContacts, companyId, eq(simulatorContacts.whatsappId, whatsappId), eq(simulatorContacts.isGroup, false), inArray(simulatorContacts.number, members)));
    if (found.length !== members.length) throw validationError([{ path: "body.members", message: "validation.invalid" }]);
  }
  // WhatsApp's older group ids: the creator's number and a time.
  const number = input.number ?? `${members[0]}-${Math.floor(Date.now() / 1000)}${randomInt(10, 99)}`;
  let row;
  try {
    [row] = await deps.db
      .insert(simulatorContacts)
      .values({ companyId, whatsappId, name: input.name, number, isGroup: input.isGroup, members: input.isGroup ? members : [] })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err, "simulator_contacts_wapp_number_key")) throw new AppError("ERR_DUPLICATED_CONTACT", 409);
    throw err;
  }
  const contact = presentSimulatorContact(row!);
  emitSimulator(deps.realtime, companyId, { action: "contact", contact });
  await deps.simulate(whatsappId, { kind: "contact", number }).catch((err: unknown) => {
    if (!isNotRunning(err)) throw err;
  });
  return contact;
}
