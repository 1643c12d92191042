import { OutboundError } from "../outbound/outbound-fetch.js";

/**
 * A provider's failure as the AI jobs see it: `retryable` (network, timeout, 429, 5xx) lets the job try again;
 * otherwise (a wrong key, a refused request) the failure is final at once. The message is shown to agents, so it
 * never carries the key.
 */
export class AiProviderError extends Error {
  constructor(
    message: string,
    public readonly retryable: boolean,
  ) {
    super(message);
    this.name = "AiProviderError";
  }
}

/** An HTTP answer that is not a success, as an AiProviderError naming the provider and what it said. */
export async function errorOfResponse(provider: string, response: Response): Promise<AiProviderError> {
  let detail = "";
  try {
    const text = await response.text();
    try {
      const body = JSON.parse(text) as Record<string, any>;
      detail = String(body?.error?.message ?? body?.err_msg ?? (typeof body?.error === "string" ? body.error : "") ?? body?.message ?? "");
    } catch {
      detail = text.slice(0, 200);
    }
  } catch {
    // the body could not be read; the status says enough
  }
  const retryable = response.status === 429 || response.status >= 500;
  // A refused key: the provider's text may quote part of the key; say only that it was refused.
  if (response.status === 401 || response.status === 403) return new AiProviderError(`${provider}: HTTP ${response.status} (key refused)`, false);
  return new AiProviderError(`${provider}: HTTP ${response.status}${detail ? ` ${detail.slice(0, 300)}` : ""}`, retryable);
}

/** Anything thrown while calling a provider, as an AiProviderError. */
export function asProviderError(provider: string, err: unknown): AiProviderError {
  if (err instanceof AiProviderError) return err;
  if (err instanceof OutboundError) {
    // A refused address will not become allowed by trying again; a timeout, the network or an open circuit may pass.
    return new AiProviderError(`${provider}: ${err.code === "blocked" ? "address not allowed" : err.code} (${err.message})`, err.code !== "blocked");
  }
  const status = (err as { status?: unknown })?.status;
  if (status === 401 || status === 403) return new AiProviderError(`${provider}: HTTP ${status} (key refused)`, false);
  if (typeof status === "number") {
    return new AiProviderError(`${provider}: HTTP ${status} ${(err as Error).message ?? ""}`.trim(), status === 429 || status >= 500);
  }
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof OutboundError) return asProviderError(provider, cause);
  return new AiProviderError(`${provider}: ${err instanceof Error ? err.message : String(err)}`, true);
}
