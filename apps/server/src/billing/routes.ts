import { hasCardFields, idParamsSchema, pageQuerySchema, subscriptionSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { AppError } from "../errors.js";
import { getSubscription } from "./get-subscription.js";
import { listAllInvoicesUnscoped, listInvoices } from "./list-invoices.js";
import { markInvoicePaid } from "./mark-invoice-paid.js";
import { startCheckout } from "./start-checkout.js";
import { asaasWebhookSchema, handleAsaasWebhook } from "./handle-asaas-webhook.js";

/** Subscription, invoices and Pix (administration sections 2, 4, 7). */
export async function billingRoutes(app: App): Promise<void> {
  // An expired company's admins reach these (billing-only sessions): they are how a company pays.
  const billing = { permission: "billing:pay" as const, allowBillingOnly: true };

  app.get("/subscription", { config: billing }, async (request) => getSubscription(app.deps.db, authOf(request).companyId));

  app.post(
    "/subscription",
    {
      schema: { body: subscriptionSchema },
      config: { ...billing, example: { body: { firstName: "Ana", address2: "Rua A, 1", city: "São Paulo", zipcode: "01000-000", country: "BR" } } },
      // Pix only: a body with card data is refused before anything reads it, and its values are never logged or kept.
      preValidation: async (request) => {
        if (hasCardFields(request.body)) throw new AppError("ERR_CARD_NOT_ACCEPTED", 400);
      },
    },
    async (request) => startCheckout(app.deps, authOf(request), request.body),
  );

  app.get("/invoices/all", { schema: { querystring: pageQuerySchema }, config: billing }, async (request) =>
    listInvoices(app.deps.db, authOf(request).companyId, request.query),
  );

  // Super users of the platform: every company's invoices.
  app.get("/invoices/platform", { schema: { querystring: pageQuerySchema }, config: { permission: "invoices:manage" } }, async (request) => {
    if (!authOf(request).isPlatform) throw new AppError("ERR_NO_PERMISSION", 403);
    return listAllInvoicesUnscoped(app.deps.db, request.query);
  });

  app.put(
    "/invoices/:id/paid",
    { schema: { params: idParamsSchema }, config: { permission: "invoices:manage", params: { id: { resource: "invoices" } } } },
    async (request) => markInvoicePaid(app.deps, authOf(request), request.params.id),
  );

  app.post(
    "/webhooks/asaas",
    {
      schema: { body: asaasWebhookSchema },
      config: { public: true, example: { body: { id: "evt_walk", event: "PAYMENT_RECEIVED", payment: { id: "pay_walk" } } } },
    },
    async (request) => {
      const token = request.headers["asaas-access-token"];
      return handleAsaasWebhook(app.deps, typeof token === "string" ? token : undefined, request.body, request.log);
    },
  );
}
