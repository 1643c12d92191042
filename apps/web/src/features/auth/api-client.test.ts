import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS, type AuthResponse } from "@atendo/shared";
import { createApiClient } from "./api-client.js";

type Reply = { status: number; data?: unknown };
type Route = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

/** A fake transport: records each request with the Authorization it carried and answers from `route`. */
function fakeServer(route: Route) {
  const calls: { method: string; url: string; authorization: string | undefined }[] = [];
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const authorization = AxiosHeaders.from(config.headers).get("Authorization");
    calls.push({
      method: (config.method ?? "get").toUpperCase(),
      url: config.url ?? "",
      authorization: typeof authorization === "string" ? authorization : undefined,
    });
    const reply = await route(config);
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
    };
    if (reply.status >= 400) {
      throw new AxiosError(`status ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
    }
    return response;
  };
  return { adapter, calls };
}

function authResponse(token: string): AuthResponse {
  return {
    token,
    sessionId: "session-2",
    user: {
      id: 7,
      name: "Ana",
      email: "ana@demo.test",
      profile: "admin",
      super: false,
      allTicket: "desabled",
      companyId: 3,
      whatsappId: null,
      online: true,
      queues: [],
      company: { id: 3, name: "Demo", dueDate: "2030-01-01", settings: [], plan: null },
    },
  };
}

const expired = { status: 403, data: { error: "ERR_INVALID_TOKEN" } };

describe("api client refresh-on-403", () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, "old-token");
    localStorage.setItem(STORAGE_KEYS.companyId, "3");
  });

  it("refreshes once after a 403 ERR_INVALID_TOKEN, stores the new token and retries with it", async () => {
    const server = fakeServer((config) => {
      if (config.url === "/auth/refresh_token") return { status: 200, data: authResponse("new-token") };
      const auth = AxiosHeaders.from(config.headers).get("Authorization");
      return auth === "Bearer new-token" ? { status: 200, data: { ok: true } } : expired;
    });
    const onRefreshed = vi.fn();
    const { api } = createApiClient({ baseURL: "http://x", adapter: server.adapter, onSessionExpired: vi.fn(), onRefreshed });

    const { data } = await api.get("/users/7");

    expect(data).toEqual({ ok: true });
    expect(server.calls.map((c) => `${c.method} ${c.url} ${c.authorization}`)).toEqual([
      "GET /users/7 Bearer old-token",
      "POST /auth/refresh_token Bearer old-token",
      "GET /users/7 Bearer new-token",
    ]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("new-token");
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe("session-2");
    expect(onRefreshed).toHaveBeenCalledTimes(1);
  });

  it("shares one refresh between concurrent requests", async () => {
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const server = fakeServer(async (config) => {
      if (config.url === "/auth/refresh_token") {
        await refreshGate;
        return { status: 200, data: authResponse("new-token") };
      }
      const auth = AxiosHeaders.from(config.headers).get("Authorization");
      return auth === "Bearer new-token" ? { status: 200, data: config.url } : expired;
    });
    const { api } = createApiClient({ baseURL: "http://x", adapter: server.adapter, onSessionExpired: vi.fn() });

    const pending = Promise.all([api.get("/a"), api.get("/b"), api.get("/c")]);
    await vi.waitFor(() => expect(server.calls.filter((c) => c.url === "/auth/refresh_token")).toHaveLength(1));
    releaseRefresh();
    const results = await pending;

    expect(results.map((r) => r.data)).toEqual(["/a", "/b", "/c"]);
    expect(server.calls.filter((c) => c.url === "/auth/refresh_token")).toHaveLength(1);
  });

  it("retries only once: a second 403 after the refresh is returned to the caller", async () => {
    const server = fakeServer((config) =>
      config.url === "/auth/refresh_token" ? { status: 200, data: authResponse("new-token") } : expired,
    );
    const { api } = createApiClient({ baseURL: "http://x", adapter: server.adapter, onSessionExpired: vi.fn() });

    await expect(api.get("/settings/")).rejects.toMatchObject({ response: { status: 403 } });
    expect(server.calls.map((c) => c.url)).toEqual(["/settings/", "/auth/refresh_token", "/settings/"]);
  });

  it("does not refresh on other 403 codes", async () => {
    const server = fakeServer(() => ({ status: 403, data: { error: "ERR_NO_PERMISSION" } }));
    const onSessionExpired = vi.fn();
    const { api } = createApiClient({ baseURL: "http://x", adapter: server.adapter, onSessionExpired });

    await expect(api.put("/settings/call", { value: "enabled" })).rejects.toMatchObject({ response: { status: 403 } });
    expect(server.calls).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("old-token");
  });

  it("does not apply the refresh logic to /auth/login and /auth/refresh_token", async () => {
    const server = fakeServer(() => expired);
    const onSessionExpired = vi.fn();
    const { api } = createApiClient({ baseURL: "http://x", adapter: server.adapter, onSessionExpired });

    await expect(api.post("/auth/login", { email: "a@b.c", password: "x" })).rejects.toBeInstanceOf(AxiosError);
    expect(server.calls.map((c) => c.url)).toEqual(["/auth/login"]);
  });

  it("clears the session on 401 but not on a failed login", async () => {
    const server = fakeServer((config) =>
      config.url === "/auth/login"
        ? { status: 401, data: { error: "ERR_INVALID_CREDENTIALS" } }
        : { status: 401, data: { error: "ERR_SESSION_EXPIRED" } },
    );
    const onSessionExpired = vi.fn();
    const { api } = createApiClient({ baseURL: "http://x", adapter: server.adapter, onSessionExpired });

    await expect(api.post("/auth/login", {})).rejects.toBeInstanceOf(AxiosError);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("old-token");

    await expect(api.get("/auth/me")).rejects.toBeInstanceOf(AxiosError);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.companyId)).toBeNull();
  });

  it("ends the session when the refresh itself is refused", async () => {
    const server = fakeServer((config) =>
      config.url === "/auth/refresh_token" ? { status: 401, data: { error: "ERR_SESSION_EXPIRED" } } : expired,
    );
    const onSessionExpired = vi.fn();
    const { api } = createApiClient({ baseURL: "http://x", adapter: server.adapter, onSessionExpired });

    await expect(api.get("/users/7")).rejects.toMatchObject({ response: { status: 401 } });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("sends JSON-only Accept and credentials", async () => {
    let seen: InternalAxiosRequestConfig | undefined;
    const server = fakeServer((config) => {
      seen = config;
      return { status: 200, data: {} };
    });
    const { api } = createApiClient({ baseURL: "http://x", adapter: server.adapter, onSessionExpired: vi.fn() });
    await api.get("/version");
    expect(AxiosHeaders.from(seen?.headers).get("Accept")).toBe("application/json");
    expect(seen?.withCredentials).toBe(true);
  });
});
