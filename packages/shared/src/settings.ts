import { z } from "zod";

/**
 * Company settings (administration section 3, Setting keys) with their defaults and allowed values.
 * Global keys live on the platform company and only super users change them.
 */
const onOff = z.enum(["enabled", "disabled"]);
const text = z.string().max(500);

export const SETTING_SCHEMAS = {
  userRating: onOff,
  scheduleType: z.enum(["disabled", "queue", "company"]),
  call: onOff,
  CheckMsgIsGroup: onOff,
  sendGreetingAccepted: onOff,
  sendMsgTransfTicket: onOff,
  sendGreetingMessageOneQueues: onOff,
  chatBotType: z.enum(["text", "button", "list"]),
  /** The side menu's initial state (core-service section 2, "also exists as a setting"). */
  sideMenuInitialState: z.enum(["auto", "open", "closed"]),
  allowregister: onOff,
  viewregister: onOff,
  trial: z.enum(["1", "2", "3", "4", "5", "6", "7"]),
  /** New companies from the public signup wait for a super user's approval (enabled) or start at once (disabled). */
  requireapproval: onOff,
  ipixc: text,
  tokenixc: text,
  ipmkauth: text,
  clientidmkauth: text,
  clientsecretmkauth: text,
  asaas: text,
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

export const SETTING_DEFAULTS: Record<SettingKey, string> = {
  userRating: "disabled",
  scheduleType: "disabled",
  call: "enabled",
  CheckMsgIsGroup: "enabled",
  sendGreetingAccepted: "disabled",
  sendMsgTransfTicket: "disabled",
  sendGreetingMessageOneQueues: "enabled",
  chatBotType: "text",
  /** auto: open on pages wider than 1200 px (core-service section 2). */
  sideMenuInitialState: "auto",
  allowregister: "disabled",
  viewregister: "disabled",
  trial: "3",
  requireapproval: "enabled",
  ipixc: "",
  tokenixc: "",
  ipmkauth: "",
  clientidmkauth: "",
  clientsecretmkauth: "",
  asaas: "",
};

/** Platform-wide keys, stored on the platform company, public to read, super-only to write. */
export const GLOBAL_SETTING_KEYS = ["allowregister", "viewregister", "trial", "requireapproval"] as const satisfies readonly SettingKey[];
/** The global keys anyone may read without a session (GET /settings/{key}, administration section 7). */
export const PUBLIC_SETTING_KEYS = ["allowregister", "viewregister", "trial"] as const satisfies readonly SettingKey[];
export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];
/**
 * The super Integrations keys: platform-wide like the global keys (stored on the platform company), encrypted at rest,
 * write-only. Answers carry only a mask and whether one is set (`SettingEntry.set`), and only to super users.
 */
export const SECRET_SETTING_KEYS = [
  "ipixc",
  "tokenixc",
  "ipmkauth",
  "clientidmkauth",
  "clientsecretmkauth",
  "asaas",
] as const satisfies readonly SettingKey[];
export type SecretSettingKey = (typeof SECRET_SETTING_KEYS)[number];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_SCHEMAS, key);
}
export function isGlobalSettingKey(key: SettingKey): boolean {
  return (GLOBAL_SETTING_KEYS as readonly string[]).includes(key);
}
export function isSecretSettingKey(key: SettingKey): key is SecretSettingKey {
  return (SECRET_SETTING_KEYS as readonly string[]).includes(key);
}

export interface SettingEntry {
  key: SettingKey;
  /** For a secret key, a mask ("••••1234", or "" when none is set), never the value. */
  value: string;
  /** Secret keys only: whether a value is stored. */
  set?: boolean;
}
