/** The 49 predefined colours of the queue and tag pickers (spec section 9), shared with the server's tag default. */
export { COLOR_PALETTE } from "@atendo/shared";
