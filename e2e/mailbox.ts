import { stack } from "./browser.js";

export interface Mail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

/** The mails the server sent to an address so far (the global setup's fake SMTP server). */
export async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`${stack().mailboxUrl}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as Mail[];
}

/** Waits for the `count`-th mail to an address (1: the first) and returns its 6-digit code. */
export async function waitForCode(address: string, count = 1, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    const mail = mails[count - 1];
    if (mail) {
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code in the mail to ${address}: ${mail.text}`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
