/**
 * The error catalogues of the product specification, quoted so a clean clone (without the spec, which lives outside
 * the repository in ../shared/spec/) can check them. Extracted on 2026-11-25 with
 *   awk '/^## 8/,/^## 9/' core-service.md | grep -o 'ERR_[A-Z_]*'
 *   awk '/^## 8/,/^## 9/' administration-and-automation.md | grep -o 'ERR_[A-Z_]*'
 * (27 codes from the first, none from the second), in the table's order. A test checks each is in ERROR_CODES;
 * docs/ERRORS.md says where each is produced, or why it is not.
 */
export interface SpecCatalogueEntry {
  code: string;
  /** The spec's "Meaning" column. */
  meaning: string;
}

/** core-service.md, section 8 "Error catalogue" (its table, one row per code; shared rows split). */
export const CORE_SPEC_ERROR_CATALOGUE: readonly SpecCatalogueEntry[] = [
  { code: "ERR_NO_OTHER_WHATSAPP", meaning: "at least one default WhatsApp is needed" },
  { code: "ERR_NO_DEF_WAPP_FOUND", meaning: "no default connection found" },
  { code: "ERR_COMPANY_NOT_APPROVED", meaning: "company not approved" },
  { code: "ERR_WAPP_NOT_INITIALIZED", meaning: "connection not initialised" },
  { code: "ERR_WAPP_CHECK_CONTACT", meaning: "contact check failed" },
  { code: "ERR_WAPP_INVALID_CONTACT", meaning: "not a valid WhatsApp number" },
  { code: "ERR_WAPP_DOWNLOAD_MEDIA", meaning: "media download failed" },
  { code: "ERR_INVALID_CREDENTIALS", meaning: "wrong email or password" },
  { code: "ERR_SENDING_WAPP_MSG", meaning: "send or delete failed" },
  { code: "ERR_DELETE_WAPP_MSG", meaning: "send or delete failed" },
  { code: "ERR_OTHER_OPEN_TICKET", meaning: "an open ticket already exists for the contact" },
  { code: "ERR_SESSION_EXPIRED", meaning: "session expired" },
  { code: "ERR_USER_CREATION_DISABLED", meaning: "user creation disabled" },
  { code: "ERR_NO_PERMISSION", meaning: "no permission" },
  { code: "ERR_DUPLICATED_CONTACT", meaning: "duplicate contact" },
  { code: "ERR_NO_SETTING_FOUND", meaning: "not found" },
  { code: "ERR_NO_CONTACT_FOUND", meaning: "not found" },
  { code: "ERR_NO_TICKET_FOUND", meaning: "not found" },
  { code: "ERR_NO_USER_FOUND", meaning: "not found" },
  { code: "ERR_NO_WAPP_FOUND", meaning: "not found" },
  { code: "ERR_CREATING_MESSAGE", meaning: "creation failed" },
  { code: "ERR_CREATING_TICKET", meaning: "creation failed" },
  { code: "ERR_FETCH_WAPP_MSG", meaning: "message may be too old" },
  { code: "ERR_QUEUE_COLOR_ALREADY_EXISTS", meaning: "queue colour or name duplicate" },
  { code: "ERR_QUEUE_NAME_ALREADY_EXISTS", meaning: "queue colour or name duplicate" },
  { code: "ERR_WAPP_GREETING_REQUIRED", meaning: "greeting required when more than one queue" },
  { code: "ERR_COMPANY_NAME_ALREADY_EXISTS", meaning: "company name duplicate" },
];

/**
 * administration-and-automation.md, section 8 "The error catalogue": it lists messages (pt-BR texts), not codes, so
 * it holds no ERR_ code. Its texts are checked against the web's translations by the conformance table instead.
 */
export const ADMIN_SPEC_ERROR_CATALOGUE: readonly SpecCatalogueEntry[] = [];
