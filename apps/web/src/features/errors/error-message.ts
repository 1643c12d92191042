import axios from "axios";
import type { i18n as I18n } from "i18next";
import { formatDate } from "../../lib/dates.js";

interface ErrorData {
  error?: unknown;
  message?: unknown;
  details?: { dueDate?: unknown; resource?: unknown; limit?: unknown; flag?: unknown } | null;
}

function dataOf(error: unknown): ErrorData | string | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const data: unknown = error.response?.data;
  if (typeof data === "string") return data;
  return data && typeof data === "object" ? (data as ErrorData) : undefined;
}

/**
 * The text a toast shows for a failed call (spec section 8): the translated error code,
 * else the raw text the server sent, else the default message.
 */
export function errorMessage(error: unknown, i18n: Pick<I18n, "t" | "exists">): string {
  const data = dataOf(error);
  if (typeof data === "string") return data.trim() || i18n.t("common.defaultError");

  const code = typeof data?.error === "string" ? data.error : undefined;
  if (code === "ERR_SUBSCRIPTION_EXPIRED" && typeof data?.details?.dueDate === "string") {
    return i18n.t("auth.subscriptionExpiredOn", { date: formatDate(data.details.dueDate) });
  }
  // Plan limits and the plan gate say which limit or feature (platform.json).
  const details = data?.details;
  if (code === "ERR_PLAN_LIMIT_REACHED" && typeof details?.resource === "string" && typeof details.limit === "number") {
    const key = `platform.limitReached.${details.resource}`;
    if (i18n.exists(key)) return i18n.t(key, { limit: details.limit });
  }
  if (code === "ERR_PLAN_FEATURE_DISABLED" && typeof details?.flag === "string" && i18n.exists(`platform.flags.${details.flag}`)) {
    return i18n.t("platform.featureDisabled", { feature: i18n.t(`platform.flags.${details.flag}`) });
  }
  if (code && i18n.exists(`errors.${code}`)) return i18n.t(`errors.${code}`);
  if (code) return code;
  if (typeof data?.message === "string" && data.message) return data.message;
  return i18n.t("common.defaultError");
}
