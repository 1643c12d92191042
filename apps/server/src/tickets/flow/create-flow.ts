import type { FlowDeps, FlowHooks } from "./flow-hooks.js";

/** The bot (queue menu, greetings, out-of-hours, rating, expiry) as a persisted state machine on the ticket. */
export function createFlow(_deps: FlowDeps): FlowHooks {
  return {
    async afterCustomerMessage() {},
    async afterAccepted() {},
    async afterTransferred() {},
    async beforeClose() {
      return "close";
    },
  };
}
