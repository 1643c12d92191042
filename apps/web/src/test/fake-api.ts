import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { afterEach } from "vitest";
import { api } from "../features/auth/api.js";

// The real transport, restored after every test whatever number of fakes a test installed.
const realAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = realAdapter;
});

export type Reply = { status: number; data?: unknown };
type Handler = (config: InternalAxiosRequestConfig) => Reply | undefined;

/**
 * Answers the app's API calls from a table of "METHOD /path" handlers; anything else is a 404.
 * Returns the log of requests made ("GET /version", ...).
 */
export function fakeApi(routes: Record<string, Reply | Handler>): { requests: string[]; bodies: unknown[] } {
  const requests: string[] = [];
  const bodies: unknown[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const key = `${(config.method ?? "get").toUpperCase()} ${config.url ?? ""}`;
    requests.push(key);
    bodies.push(typeof config.data === "string" ? JSON.parse(config.data) : config.data);
    const route = routes[key];
    const reply = (typeof route === "function" ? route(config) : route) ?? { status: 404, data: { error: "ERR_NOT_FOUND" } };
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: "", headers: {}, config };
    if (reply.status >= 400) throw new AxiosError("failed", AxiosError.ERR_BAD_RESPONSE, config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return { requests, bodies };
}
