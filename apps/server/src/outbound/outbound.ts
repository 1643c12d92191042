import type { Config } from "../config.js";
import { createCircuit, type Circuit } from "./circuit.js";
import { createOutboundFetch, type OutboundFetch } from "./outbound-fetch.js";

/** `deps.outbound`: the guarded client and the per-key circuit every outside-service adapter uses. */
export interface Outbound {
  fetch: OutboundFetch;
  circuit: Circuit;
}

export function createOutbound(config: Pick<Config, "outboundAllowHosts" | "outboundTimeoutMs">): Outbound {
  return {
    fetch: createOutboundFetch({ allowHosts: config.outboundAllowHosts ?? [], timeoutMs: config.outboundTimeoutMs }),
    circuit: createCircuit(),
  };
}
