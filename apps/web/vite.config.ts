import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The dev server forwards API and socket calls to a running server (ATENDO_API, default :8080).
// Page loads (Accept: text/html) stay on Vite, since several API paths (/settings, /users) are also SPA routes.
const apiTarget = process.env.ATENDO_API ?? "http://localhost:8080";
// "/whatsapp" also covers /whatsapp-providers, /whatsapp-restart and /whatsappsession; "/message/" is the forward route.
const apiPaths = [
  "/auth",
  "/settings",
  "/users",
  "/version",
  "/whatsapp",
  "/tickets",
  "/messages",
  "/message/",
  "/contacts",
  "/queue",
  "/simulator",
  "/tags",
  "/ticket-notes",
  "/quick-messages",
  "/companies",
];

const proxy = Object.fromEntries(
  apiPaths.map((path) => [
    path,
    {
      target: apiTarget,
      changeOrigin: true,
      bypass: (req: { headers: Record<string, string | string[] | undefined> }) =>
        String(req.headers.accept ?? "").includes("text/html") ? "/index.html" : undefined,
    },
  ]),
);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: "mui", test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/ },
            // The emoji picker and its per-language data load only when an agent opens the full reaction list.
            { name: "vendor", test: /node_modules[\\/](?!emoji-picker-react[\\/])/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { ...proxy, "/socket.io": { target: apiTarget, ws: true, changeOrigin: true } },
  },
});
