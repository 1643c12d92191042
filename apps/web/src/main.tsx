import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "./i18n/index.js";
import { App } from "./App.js";
import { hasStoredSession } from "./features/auth/session-storage.js";
import { isPublicPath } from "./routes/public-paths.js";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A signed-out visit of a private address: correct it before the first render, so /login shows at once
// (the route guard would do the same a moment later, after a frame without a page).
if (!hasStoredSession() && !isPublicPath(window.location.pathname)) {
  window.history.replaceState(null, "", "/login");
}

// After the interface language is in (at once for Portuguese; English and Spanish are their own chunks).
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
