/** Business constants of core-service section 9 and administration section 9. */

export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_CHARS = 3;
export const SUBMIT_DELAY_MS = 400;
export const INFINITE_SCROLL_THRESHOLD_PX = 100;
export const MESSAGE_LIST_TOP_THRESHOLD_PX = 50;
export const TICKET_AGE_REFRESH_MS = 30_000;
export const USER_STATUS_HEARTBEAT_MS = 300_000;
export const FORWARD_DELAY_MS = 900;
export const CONNECTIONS_ALERT_CHECK_MS = 2_000;
export const SUBSCRIPTION_WARNING_DAYS = 5;
export const DENIED_REDIRECT_MS = 1_000;
export const SECOND_LOGIN_SIGNOUT_MS = 1_000;
export const TOAST_MS = 2_000;
export const ADMIN_TOAST_MS = 3_000;
export const SOCKET_PING_MS = 18_000;

export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.1;
export const VOLUME_DEFAULT = 1;

export const AUDIO_MIN_BYTES = 10_000;
export const AUDIO_BITRATE_KBPS = 128;
export const IMAGE_QUALITY = 0.7;
export const MESSAGE_INPUT_MAX_ROWS = 5;
export const EDIT_DIALOG_ROWS = 6;

export const CONTACT_NAME_MIN = 2;
export const CONTACT_NAME_MAX = 50;
export const CONTACT_NUMBER_MIN = 8;
export const CONTACT_NUMBER_MAX = 50;
export const USER_NAME_MIN = 2;
export const USER_NAME_MAX = 50;
export const USER_PASSWORD_MIN = 5;
export const USER_PASSWORD_MAX = 50;
export const RESET_PASSWORD_MIN = 8;

export const CONNECTION_CARD_MAX_QUEUES = 5;
export const CONNECTION_DEFAULTS = {
  maxUseBotQueues: 3,
  timeforagroup: 5,
  expiresTicket: 0,
  timeUseBotQueues: 0,
  provider: "beta",
} as const;

export const TRIAL_DAYS_OPTIONS = [1, 2, 3, 4, 5, 6, 7] as const;
export const TRIAL_DAYS_DEFAULT = 3;

/** Page size of every paged list; the spec does not show it (docs/DECISIONS.md). */
export const PAGE_SIZE = 40;

/** Browser storage keys the client uses (core-service section 4 and 9). */
export const STORAGE_KEYS = {
  token: "token",
  companyId: "companyId",
  userId: "userId",
  sessionId: "sessionId",
  dueDate: "companyDueDate",
  volume: "volume",
  theme: "preferredTheme",
  language: "language",
  signMessage: "signMessage",
  tasks: "tasks",
  cshow: "cshow",
} as const;

export const LANGUAGES = ["pt", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "pt";

/**
 * The 49 predefined colours of the queue and tag pickers (core-service section 9): Material's 16 hues in the shades
 * 300, 600 and 900, and black. A tag created without a colour gets the first one the company does not use yet.
 */
export const COLOR_PALETTE: readonly string[] = [
  "#e57373", "#e53935", "#b71c1c",
  "#f06292", "#d81b60", "#880e4f",
  "#ba68c8", "#8e24aa", "#4a148c",
  "#9575cd", "#5e35b1", "#311b92",
  "#7986cb", "#3949ab", "#1a237e",
  "#64b5f6", "#1e88e5", "#0d47a1",
  "#4fc3f7", "#039be5", "#01579b",
  "#4dd0e1", "#00acc1", "#006064",
  "#81c784", "#43a047", "#1b5e20",
  "#aed581", "#7cb342", "#33691e",
  "#dce775", "#c0ca33", "#827717",
  "#ffd54f", "#ffb300", "#ff6f00",
  "#ffb74d", "#fb8c00", "#e65100",
  "#ff8a65", "#f4511e", "#bf360c",
  "#a1887f", "#6d4c41", "#3e2723",
  "#90a4ae", "#546e7a", "#263238",
  "#000000",
];
