import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import type { Agent, fetch as UndiciFetch } from "undici";

/**
 * The one way the server calls an outside service (integrations, AI, transcription, the Cloud API …): a
 * `fetch`-compatible function with the SSRF guard, a timeout and redirects followed hop by hop. Addresses that are
 * not public unicast (loopback, private, link-local and so the cloud metadata address, CGNAT, multicast, reserved,
 * unique-local, NAT64 …) are refused after DNS resolution, on the socket's own lookup so a name cannot resolve to one
 * address for the check and another for the connection, and again for every redirect. `OUTBOUND_ALLOW_HOSTS` lets a
 * deployer (and the tests' local fakes) through: host names, IP addresses or CIDR ranges.
 */
export type OutboundErrorCode = "blocked" | "timeout" | "network" | "circuit-open";

export class OutboundError extends Error {
  constructor(
    public readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

export interface OutboundInit extends RequestInit {
  /** Milliseconds for the whole exchange, redirects included (default OUTBOUND_TIMEOUT_MS). */
  timeoutMs?: number;
}

export type OutboundFetch = (input: string | URL, init?: OutboundInit) => Promise<Response>;

type LookupAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface OutboundFetchOptions {
  /** Host names (`api.example.com`, `*.example.com`), IP addresses or CIDR ranges allowed even when not public. */
  allowHosts?: string[];
  /** Default timeout in milliseconds (15 s). */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Tests: resolve names without DNS. */
  lookup?: LookupAll;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function createOutboundFetch(options: OutboundFetchOptions = {}): OutboundFetch {
  const allow = parseAllowList(options.allowHosts ?? []);
  const defaultTimeout = options.timeoutMs ?? 15_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const lookupAll: LookupAll = options.lookup ?? ((host) => dns.promises.lookup(host, { all: true, verbatim: true }));

  /** Every address a name resolves to must pass: a name with one public and one private address is refused. */
  const guardedLookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    lookupAll(hostname).then(
      (addresses) => {
        const usable = allow.hostAllowed(hostname) ? addresses : addresses.filter((a) => allow.addressAllowed(a.address));
        if (addresses.length === 0 || usable.length < addresses.length) {
          callback(blockedError(hostname), "", 0);
          return;
        }
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? usable.filter((a) => a.family === lookupOptions.family) : usable;
        if (wanted.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
        if (lookupOptions.all) (callback as unknown as (e: null, a: typeof wanted) => void)(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 0),
    );
  };

  // undici is imported with the first outbound call, not at start (start-up time and memory).
  let undici: Promise<{ dispatcher: Agent; undiciFetch: typeof UndiciFetch }> | undefined;
  const loadUndici = () =>
    (undici ??= import("undici").then(({ Agent, fetch }) => ({
      dispatcher: new Agent({ connect: { lookup: guardedLookup }, keepAliveTimeout: 10_000 }),
      undiciFetch: fetch,
    })));

  return async function outboundFetch(input, init = {}) {
    const { timeoutMs = defaultTimeout, signal: callerSignal, redirect = "follow", ...rest } = init;
    // Before the timeout starts: loading the package (once) is not the remote server's time.
    const { dispatcher, undiciFetch } = await loadUndici();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    let url = new URL(typeof input === "string" ? input : input.href);
    let method = (rest.method ?? "GET").toUpperCase();
    let body = rest.body;
    // The undici package does not serialise Node's global FormData (SDK uploads build one): encode it here, with
    // its boundary, through the global Response.
    if (body instanceof FormData) {
      const encoded = new Response(body);
      const headers = new Headers(rest.headers);
      headers.set("content-type", encoded.headers.get("content-type")!);
      rest.headers = headers;
      body = Buffer.from(await encoded.arrayBuffer());
    }
    for (let hop = 0; ; hop++) {
      checkUrl(url, allow);
      let res: Response;
      try {
        res = (await undiciFetch(url, {
          ...(rest as object),
          method,
          body: body as never,
          signal,
          redirect: "manual",
          dispatcher,
        })) as unknown as Response;
      } catch (err) {
        throw toOutboundError(err, url, timeout, timeoutMs, callerSignal);
      }
      if (redirect === "manual" || !REDIRECT_STATUSES.has(res.status)) return res;
      const location = res.headers.get("location");
      if (!location) return res;
      await res.body?.cancel().catch(() => {});
      if (redirect === "error") throw new OutboundError("network", `redirected from ${url.origin}`);
      if (hop >= maxRedirects) throw new OutboundError("network", `too many redirects from ${url.origin}`);
      url = new URL(location, url);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
      }
    }
  };
}

function checkUrl(url: URL, allow: AllowList): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundError("blocked", `${url.protocol} URLs are not allowed`);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // A literal address never goes through the lookup, so it is checked here.
  if (net.isIP(host) && !allow.hostAllowed(host) && !allow.addressAllowed(host)) throw blockedError(host);
}

function blockedError(host: string): OutboundError {
  return new OutboundError("blocked", `${host} is not a public address (OUTBOUND_ALLOW_HOSTS allows it)`);
}

function toOutboundError(err: unknown, url: URL, timeout: AbortSignal, timeoutMs: number, callerSignal?: AbortSignal | null): unknown {
  if (err instanceof OutboundError) return err;
  if (callerSignal?.aborted && !timeout.aborted) return err;
  if (timeout.aborted) return new OutboundError("timeout", `${url.origin} did not answer within ${timeoutMs} ms`);
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof OutboundError) return cause;
  const code = (cause as { code?: string } | undefined)?.code;
  return new OutboundError("network", `${url.origin}: ${code ?? (cause as Error | undefined)?.message ?? (err as Error).message}`);
}

interface AllowList {
  hostAllowed(host: string): boolean;
  addressAllowed(address: string): boolean;
}

function parseAllowList(entries: string[]): AllowList {
  const names: string[] = [];
  const suffixes: string[] = [];
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const raw of entries.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    const entry = raw.replace(/^\[|\]$/g, "");
    if (entry.includes("/") && ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const ip = ipaddr.process(entry);
      ranges.push([ip, ip.kind() === "ipv4" ? 32 : 128]);
    } else if (entry.startsWith("*.")) suffixes.push(entry.slice(1));
    else names.push(entry);
  }
  return {
    hostAllowed: (host) => {
      const h = host.toLowerCase();
      return names.includes(h) || suffixes.some((s) => h.endsWith(s));
    },
    addressAllowed: (address) => {
      if (!ipaddr.isValid(address)) return false;
      const ip = ipaddr.process(address);
      if (ip.range() === "unicast") return true;
      return ranges.some(([base, bits]) => base.kind() === ip.kind() && ip.match(base, bits));
    },
  };
}
