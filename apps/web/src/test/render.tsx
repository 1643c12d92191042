import type { ReactElement, ReactNode } from "react";
import { render } from "@testing-library/react";
import type { QueryClient } from "@tanstack/react-query";
import { MemoryRouter, useLocation } from "react-router";
import { AppProviders } from "../AppProviders.js";
import { createQueryClient } from "../lib/query-client.js";

/** The app's query client (errors toast), without retries so failures show at once. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

/** Shows the router's current path so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** The real providers (auth, theme, toasts, queries) around a memory router at `path`. */
export function renderApp(ui: ReactElement, path = "/"): ReturnType<typeof render> {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={testQueryClient()} realtime={false}>
      <MemoryRouter initialEntries={[path]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>
  );
  return render(ui, { wrapper });
}
