import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from "axios";
import type { AuthResponse } from "@atendo/shared";
import { clearSession, getToken, saveSession } from "./session-storage.js";

export interface ApiClientOptions {
  baseURL: string;
  /** Called after storage was cleared because the session ended (401 or failed refresh). */
  onSessionExpired: () => void;
  /** Called with the answer of every successful token refresh. */
  onRefreshed?: (auth: AuthResponse) => void;
  /** Replaces the HTTP transport (tests). */
  adapter?: AxiosAdapter;
}

export interface ApiClient {
  api: AxiosInstance;
  /** POST /auth/refresh_token, shared by every caller while one is in flight. */
  refreshToken: () => Promise<AuthResponse>;
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

// The refresh logic never applies to these: their own 401/403 answers are final.
const AUTH_PATHS = ["/auth/login", "/auth/refresh_token", "/auth/logout"];

function isAuthPath(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.replace(/^https?:\/\/[^/]+/, "").split("?")[0] ?? "";
  return AUTH_PATHS.some((authPath) => path === authPath || path.startsWith(`${authPath}/`));
}

export function errorCodeOf(error: unknown): string | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const data: unknown = error.response?.data;
  if (data && typeof data === "object" && "error" in data && typeof data.error === "string") return data.error;
  return undefined;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const api = axios.create({
    baseURL: options.baseURL,
    withCredentials: true,
    // Never text/html: the server answers those with the SPA's index.html.
    headers: { Accept: "application/json" },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  let refreshing: Promise<AuthResponse> | null = null;

  function endSession(): void {
    clearSession();
    options.onSessionExpired();
  }

  async function doRefresh(): Promise<AuthResponse> {
    try {
      const { data } = await api.post<AuthResponse>("/auth/refresh_token");
      saveSession(data);
      options.onRefreshed?.(data);
      return data;
    } catch (error) {
      // Only a refused refresh ends the session; a network failure may pass.
      const status = axios.isAxiosError(error) ? error.response?.status : undefined;
      if (status === 401 || status === 403) endSession();
      throw error;
    }
  }

  function refreshToken(): Promise<AuthResponse> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  api.interceptors.request.use((config) => {
    const token = getToken();
    if (token && !config.headers.has("Authorization")) config.headers.set("Authorization", `Bearer ${token}`);
    return config;
  });

  api.interceptors.response.use(undefined, async (error: unknown) => {
    if (!(error instanceof AxiosError) || !error.response || !error.config) throw error;
    const config: RetriableConfig = error.config;
    if (isAuthPath(config.url)) throw error;

    const status = error.response.status;
    if (status === 403 && errorCodeOf(error) === "ERR_INVALID_TOKEN" && !config._retried) {
      // The access token expired: refresh once (shared with concurrent callers) and retry once.
      config._retried = true;
      const { token } = await refreshToken();
      config.headers.set("Authorization", `Bearer ${token}`);
      return api.request(config);
    }
    if (status === 401) endSession();
    throw error;
  });

  return { api, refreshToken };
}
