import { flowContextOf, type FlowOptions } from "./flow-context.js";
import type { FlowHooks } from "./flow-hooks.js";
import type { FlowDeps } from "./flow-deps.js";
import { handleCustomerMessage } from "./handle-customer-message.js";
import { afterAccepted, afterAgentMessage, afterTransferred, beforeClose } from "./ticket-hooks.js";

/** The bot (queue menu, greetings, out-of-hours, rating, expiry) as a persisted state machine on the ticket. */
export function createFlow(deps: FlowDeps, options: FlowOptions = {}): FlowHooks {
  const ctx = flowContextOf(deps, options);
  return {
    afterCustomerMessage: (tx, after, input) => handleCustomerMessage(ctx, tx, after, input),
    afterAccepted: (tx, after, input) => afterAccepted(ctx, tx, after, input),
    afterTransferred: (tx, after, input) => afterTransferred(ctx, tx, after, input),
    beforeClose: (tx, after, input) => beforeClose(ctx, tx, after, input),
    afterAgentMessage: (tx, after, input) => afterAgentMessage(ctx, tx, after, input),
  };
}
