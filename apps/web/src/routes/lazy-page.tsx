import { Suspense, use, type ComponentType } from "react";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { loadAllTranslations } from "../i18n/index.js";

/** Every page registered with lazyPage, to load them all up front (tests; see preloadPages). */
const preloaders = new Set<() => Promise<unknown>>();

function PageLoading() {
  return (
    <Box data-testid="page-loading" sx={{ display: "flex", justifyContent: "center", p: 4 }}>
      <CircularProgress size={28} />
    </Box>
  );
}

/**
 * A page loaded on first use, in its own chunk, so the login page does not download every screen:
 *
 *   const TagsPage = lazyPage(() => import("../pages/TagsPage.js"), "TagsPage");
 *
 * then `<TagsPage />` as before. Until the chunk arrives a spinner stands in; once loaded the page renders at once
 * (no fallback flash when coming back to it). A failed load is retried on the next render.
 */
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): M[K] {
  let loaded: M[K] | undefined;
  let pending: Promise<M[K]> | undefined;
  const preload = () =>
    // The page's texts come with it: the login page carries only the core of Portuguese (i18n/index.ts).
    (pending ??= Promise.all([load(), loadAllTranslations()]).then(
      ([module]) => (loaded = module[name]),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  preloaders.add(preload);

  function Loaded(props: object) {
    const Page = (loaded ?? use(preload())) as unknown as ComponentType<object>;
    return <Page {...props} />;
  }
  function LazyPage(props: object) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LazyPage.displayName = `lazyPage(${name})`;
  return LazyPage as unknown as M[K];
}

/** Loads every registered page (tests call it before rendering, so a page renders in the first pass). */
export function preloadPages(): Promise<unknown> {
  return Promise.all([...preloaders].map((preload) => preload()));
}

// A tab opened before an upgrade asks for chunks the new build no longer has: load the new build instead, at most
// once a minute (a chunk that is really missing must not reload forever).
if (typeof window !== "undefined") {
  window.addEventListener("vite:preloadError", (event) => {
    const last = Number(sessionStorage.getItem("atendo.chunkReload") ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem("atendo.chunkReload", String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
