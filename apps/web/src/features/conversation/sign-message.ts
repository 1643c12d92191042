import { useCallback, useState } from "react";
import { signBody, STORAGE_KEYS } from "@atendo/shared";

/** The sign-message option, kept in the browser; on unless turned off (core-service section 9). */
export function readSignMessage(): boolean {
  return localStorage.getItem(STORAGE_KEYS.signMessage) !== "false";
}

export function useSignMessage(): [boolean, (value: boolean) => void] {
  const [sign, setSign] = useState(readSignMessage);
  const change = useCallback((value: boolean) => {
    localStorage.setItem(STORAGE_KEYS.signMessage, String(value));
    setSign(value);
  }, []);
  return [sign, change];
}

/** The text as sent: with the agent's name in bold on its own line when signing (core-service section 5). */
export function signedText(text: string, agentName: string | undefined, sign: boolean): string {
  return sign && agentName ? signBody(text, agentName) : text;
}
