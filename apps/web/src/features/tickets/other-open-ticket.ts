import axios from "axios";
import type { TFunction } from "i18next";
import { normalizeNumber } from "@atendo/shared";
import { errorCodeOf } from "../auth/api-client.js";

interface Holder {
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
}

/**
 * The notice for a 409 ERR_OTHER_OPEN_TICKET (core-service section 4): who holds the contact's active ticket and in
 * which queue, from the error's details. Null for any other error.
 */
export function otherOpenTicketText(error: unknown, t: TFunction): string | null {
  if (errorCodeOf(error) !== "ERR_OTHER_OPEN_TICKET" || !axios.isAxiosError(error)) return null;
  const details = (error.response?.data as { details?: Partial<Holder> | null } | undefined)?.details ?? {};
  return t("tickets.otherOpen", {
    user: details.user?.name ?? t("tickets.nobody"),
    queue: details.queue?.name ?? t("tickets.noQueue"),
  });
}

/** A contact can start a chat only with a valid phone number (core-service section 5: not on WhatsApp → refused). */
export function contactCanChat(contact: { number: string }): boolean {
  const digits = contact.number.trim();
  return digits !== "" && normalizeNumber(`+${digits.replace(/^\+/, "")}`).valid;
}
