import type { WhatsAppNumberCheck } from "@atendo/shared";

/** Asks the company's connected provider whether a number has WhatsApp. */
export type WhatsAppNumberChecker = (companyId: number, number: string) => Promise<WhatsAppNumberCheck>;

/**
 * The spec's `invalido` flag needs a connected WhatsApp to ask. Connections do not exist yet (they come with the
 * connections issue, which replaces this with a provider lookup), so the answer is "unchecked": nobody is marked
 * invalid without a check. Services take the checker as a parameter, so tests and the connections issue plug in.
 */
export const checkWhatsAppNumber: WhatsAppNumberChecker = async () => "unchecked";
