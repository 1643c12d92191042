import { findSimulatorConnection, type SimulatorDeps } from "./find-simulator-connection.js";

/**
 * The phone loses its connection (TIMEOUT: the session stays and a restart brings it back) or logs the device out
 * (DISCONNECTED: the login is gone and the session ends; a new QR is needed).
 */
export async function dropSimulatorConnection(
  deps: SimulatorDeps,
  companyId: number,
  whatsappId: number,
  status: "TIMEOUT" | "DISCONNECTED",
): Promise<void> {
  await findSimulatorConnection(deps.db, companyId, whatsappId);
  await deps.simulate(whatsappId, { kind: "drop", status });
}
