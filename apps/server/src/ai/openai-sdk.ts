import type * as OpenAiPackage from "openai";

export type OpenAiSdk = typeof OpenAiPackage;

let sdk: OpenAiSdk | undefined;

/**
 * The openai package, imported at its first use rather than at start: most installs never call OpenAI, and the
 * package costs start-up time and memory at every start (docs/PERFORMANCE.md, "Start-up and memory").
 */
export async function loadOpenAi(): Promise<OpenAiSdk> {
  return (sdk ??= await import("openai"));
}

/** The package if loadOpenAi has run: for error checks, since an error can only be one of its classes after a call. */
export function loadedOpenAi(): OpenAiSdk | undefined {
  return sdk;
}
