import { useCan } from "../auth/useCan.js";
import { useConnectionsNeedAttention } from "../connections/api.js";

/**
 * Whether any connection needs attention (qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING; spec section 2),
 * checked 2000 ms after load and kept current by the connection events. Only the management section shows it.
 */
export function useConnectionsAlert(): boolean {
  return useConnectionsNeedAttention(useCan("drawer-admin-items:view"));
}
