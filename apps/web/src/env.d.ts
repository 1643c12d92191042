/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API and socket origin when the client is not served by the server itself (development). */
  readonly VITE_BACKEND_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
