/**
 * Whether any connection needs attention (qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING; spec section 2).
 * Connections arrive with their own issue; until then nothing is flagged.
 */
export function useConnectionsAlert(): boolean {
  return false;
}
