import type { AppDeps } from "../../app-deps.js";
import { ASAAS_PRODUCTION_URL, createAsaasProvider } from "./asaas.js";
import { createPixStaticProvider } from "./pix-static.js";
import type { PaymentProvider } from "./provider.js";
import { readGlobalSecret } from "../../settings/read-global-secret.js";

export function billingConfigOf(deps: Pick<AppDeps, "config">) {
  return {
    pixMerchantName: "Atendo",
    pixMerchantCity: "Sao Paulo",
    asaasApiUrl: ASAAS_PRODUCTION_URL,
    ...deps.config.billing,
  };
}

/** Asaas, built with the super Integrations key, or null when no key is set. */
export async function asaasProvider(deps: Pick<AppDeps, "db" | "config">): Promise<PaymentProvider | null> {
  const override = deps.config.billing?.asaasKey;
  const apiKey = override !== undefined ? override : await readGlobalSecret(deps.db, deps.config, "asaas");
  return apiKey ? createAsaasProvider({ apiKey, baseUrl: billingConfigOf(deps).asaasApiUrl }) : null;
}

/** Which provider issues new charges: Asaas when its key is set in the super Integrations settings, else static Pix. */
export async function selectProvider(deps: Pick<AppDeps, "db" | "config">): Promise<PaymentProvider> {
  return (await asaasProvider(deps)) ?? createPixStaticProvider(billingConfigOf(deps));
}
