import { createApiClient } from "./api-client.js";
import { sessionEvents } from "./session-events.js";

/** The server serves the SPA and the API on one origin; VITE_BACKEND_URL points elsewhere in development. */
export const API_BASE_URL: string = import.meta.env.VITE_BACKEND_URL || window.location.origin;

export const { api, refreshToken } = createApiClient({
  baseURL: API_BASE_URL,
  onSessionExpired: () => sessionEvents.expired.emit(),
  onRefreshed: (auth) => sessionEvents.refreshed.emit(auth),
});
