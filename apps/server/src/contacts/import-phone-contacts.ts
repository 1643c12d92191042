import { AppError } from "../errors.js";

/**
 * POST /contacts/import copies the phone's address book through the company's default WhatsApp connection.
 * No connection exists until the connections issue adds them, so this answers honestly that there is none to use.
 */
export async function importPhoneContacts(_companyId: number): Promise<never> {
  throw new AppError("ERR_NO_DEF_WAPP_FOUND", 400);
}
