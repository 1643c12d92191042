import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Permission } from "@atendo/shared";
import type { AuthContext } from "../auth/load-session-context.js";
import type { AppDeps } from "../app-deps.js";

/** The kinds of tenant-owned rows a path parameter can name; the route walk has a fixture for each. */
export type TenantResource =
  | "users"
  | "queues"
  | "contacts"
  | "contactImports"
  | "tags"
  | "quickMessages"
  | "whatsapps"
  | "tickets"
  | "messages"
  | "ticketNotes"
  | "invoices"
  | "chats"
  | "contactLists"
  | "contactListItems"
  | "contactListImports"
  | "files"
  | "prompts"
  | "schedules"
  | "campaigns"
  | "queueIntegrations";

/** How the route walk fills a path parameter: a row of some company, or a fixed valid value. */
export type ParamSpec = { resource: TenantResource; field?: "id" | "uuid" } | { value: string };

declare module "fastify" {
  interface FastifyContextConfig {
    /** Reachable without a session. */
    public?: boolean;
    /** Checked against the shared permission table before the handler runs. */
    permission?: Permission;
    /** What each path parameter names (required for every parameter; the route walk reads it). */
    params?: Record<string, ParamSpec>;
    /** The route takes multipart/form-data uploads; the route walk sends it broken ones. */
    multipart?: boolean;
    /** Also answers an expired company's admins (billing-only sessions: the subscription and invoice routes). */
    allowBillingOnly?: boolean;
    /** Authenticated by a connection's API token instead of a session (public-api/; with `public: true`). */
    apiToken?: boolean;
    /** OpenAPI extras (http/openapi.ts): the schema a handler parses its body with by hand, its multipart form, its error statuses. */
    openapi?: { body?: unknown; multipartBody?: unknown; errors?: number[] };
    /** A valid request for the route walk, so that it can reach the handler with another company's ids. */
    example?: { body?: unknown; query?: Record<string, string> };
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
