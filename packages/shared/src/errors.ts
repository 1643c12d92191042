/**
 * Error codes the server answers with (`{ error: "ERR_..." }`).
 * The spec's catalogue (core-service section 8) plus the codes we added where it is silent;
 * every code has a translation in the web client (a test checks it).
 */
export const ERROR_CODES = [
  // spec section 8
  "ERR_NO_OTHER_WHATSAPP",
  "ERR_NO_DEF_WAPP_FOUND",
  "ERR_COMPANY_NOT_APPROVED",
  "ERR_WAPP_NOT_INITIALIZED",
  "ERR_WAPP_CHECK_CONTACT",
  "ERR_WAPP_INVALID_CONTACT",
  "ERR_WAPP_DOWNLOAD_MEDIA",
  "ERR_INVALID_CREDENTIALS",
  "ERR_SENDING_WAPP_MSG",
  "ERR_DELETE_WAPP_MSG",
  "ERR_OTHER_OPEN_TICKET",
  "ERR_SESSION_EXPIRED",
  "ERR_USER_CREATION_DISABLED",
  "ERR_NO_PERMISSION",
  "ERR_DUPLICATED_CONTACT",
  "ERR_NO_SETTING_FOUND",
  "ERR_NO_CONTACT_FOUND",
  "ERR_NO_TICKET_FOUND",
  "ERR_NO_USER_FOUND",
  "ERR_NO_WAPP_FOUND",
  "ERR_CREATING_MESSAGE",
  "ERR_CREATING_TICKET",
  "ERR_FETCH_WAPP_MSG",
  "ERR_QUEUE_COLOR_ALREADY_EXISTS",
  "ERR_QUEUE_NAME_ALREADY_EXISTS",
  "ERR_WAPP_GREETING_REQUIRED",
  "ERR_COMPANY_NAME_ALREADY_EXISTS",
  // ours: where the spec is silent (docs/ERRORS.md explains each)
  "ERR_VALIDATION",
  "ERR_BAD_REQUEST",
  "ERR_NOT_FOUND",
  "ERR_INVALID_TOKEN",
  "ERR_SUBSCRIPTION_EXPIRED",
  "ERR_COMPANY_INACTIVE",
  "ERR_TOO_MANY_REQUESTS",
  "ERR_EMAIL_ALREADY_EXISTS",
  "ERR_PAYLOAD_TOO_LARGE",
  "ERR_UNSUPPORTED_MEDIA_TYPE",
  "ERR_PLAN_LIMIT_REACHED",
  "ERR_PLAN_FEATURE_DISABLED",
  "ERR_PLAN_NAME_ALREADY_EXISTS",
  "ERR_PLAN_IN_USE",
  "ERR_NO_PLAN_FOUND",
  "ERR_NO_COMPANY_FOUND",
  "ERR_PLATFORM_COMPANY_LOCKED",
  "ERR_TAG_NAME_ALREADY_EXISTS",
  "ERR_INVALID_FILE_TYPE",
  "ERR_WAPP_NAME_ALREADY_EXISTS",
  "ERR_SIMULATOR_DISABLED",
  "ERR_TICKET_CLOSED",
  "ERR_EDITING_WAPP_MSG",
  // signup and password reset (e-mail codes)
  "ERR_INVALID_CODE",
  "ERR_CODE_EXPIRED",
  "ERR_EMAIL_NOT_VERIFIED",
  "ERR_REGISTRATION_DISABLED",
  // billing (subscription, invoices, Pix)
  "ERR_CARD_NOT_ACCEPTED",
  "ERR_NO_INVOICE_FOUND",
  "ERR_INVOICE_ALREADY_PAID",
  "ERR_NOTHING_TO_PAY",
  "ERR_PAYMENT_NOT_CONFIGURED",
  "ERR_PAYMENT_PROVIDER",
  "ERR_INVALID_WEBHOOK_TOKEN",
  "ERR_API_TOKEN_MISSING",
  "ERR_API_TOKEN_INVALID",
  "ERR_WAPP_DISCONNECTED",
  // schedules: a sent schedule is read-only
  "ERR_SCHEDULE_ALREADY_SENT",
  // campaigns: editability and the status machine (administration section 4)
  "ERR_CAMPAIGN_NOT_EDITABLE",
  "ERR_CAMPAIGN_INVALID_STATUS",
  "ERR_INTERNAL",
  "ERR_NO_PROMPT_FOUND",
  // queue integrations
  "ERR_NO_INTEGRATION_FOUND",
  "ERR_INVALID_INTEGRATION",
  "ERR_INVALID_PROMPT",
  // audio transcription: not a voice note / audio, or one already being transcribed
  "ERR_NOT_TRANSCRIBABLE",
  // Cloud API templates in campaigns, schedules and the external API
  "ERR_TEMPLATE_REQUIRED",
  "ERR_TEMPLATE_NOT_FOUND",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer. `details` carries field errors for ERR_VALIDATION and data the message needs. */
export interface ErrorBody {
  error: ErrorCode;
  details?: Record<string, unknown>;
  fields?: FieldError[];
}

export interface FieldError {
  /** Dotted path of the field within its part ("body.email", "params.id"). */
  path: string;
  /** A translation key of the shared validation messages (see schemas/messages.ts). */
  message: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}
