import { validationError } from "../../errors.js";
import { findSimulatorConnection, type SimulatorDeps } from "./find-simulator-connection.js";

/**
 * The simulated phone scans the QR the connections page shows (or types the pairing code): checked here against
 * what the connection shows now, then the session (wherever it runs) logs in: OPENING, then CONNECTED.
 */
export async function scanSimulatorQr(
  deps: SimulatorDeps,
  companyId: number,
  whatsappId: number,
  input: { qrcode?: string; pairingCode?: string },
): Promise<void> {
  const connection = await findSimulatorConnection(deps.db, companyId, whatsappId);
  const normalize = (code: string) => code.replace(/[^A-Z0-9]/gi, "").toUpperCase();
  const matches =
    (input.qrcode !== undefined && connection.status === "qrcode" && connection.qrcode !== "" && input.qrcode === connection.qrcode) ||
    (input.pairingCode !== undefined && connection.status === "PAIRING" && connection.pairingCode !== "" && normalize(input.pairingCode) === normalize(connection.pairingCode));
  if (!matches) throw validationError([{ path: input.qrcode !== undefined ? "body.qrcode" : "body.pairingCode", message: "validation.invalid" }]);
  await deps.simulate(whatsappId, { kind: "scan", ...input });
}
