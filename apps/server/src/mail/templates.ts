import type { Language } from "@atendo/shared";

/** The mails the platform sends, each with its fields; `render` gives subject, text and HTML in one language. */
export type MailTemplate =
  | { kind: "signup-code"; name: string; code: string; minutes: number }
  | { kind: "reset-code"; code: string; minutes: number };

interface Texts {
  subject: string;
  greeting: string;
  lines: string[];
  footer: string;
}

const APP = "Atendo";

function texts(template: MailTemplate, lang: Language): Texts {
  switch (template.kind) {
    case "signup-code":
      return {
        pt: {
          subject: `${APP}: seu código de verificação`,
          greeting: `Olá, ${template.name}!`,
          lines: [`Seu código para concluir o cadastro no ${APP} é:`, `Ele vale por ${template.minutes} minutos.`],
          footer: "Se você não pediu este cadastro, ignore este e-mail.",
        },
        en: {
          subject: `${APP}: your verification code`,
          greeting: `Hello, ${template.name}!`,
          lines: [`Your code to finish signing up for ${APP} is:`, `It is valid for ${template.minutes} minutes.`],
          footer: "If you did not ask to sign up, ignore this e-mail.",
        },
        es: {
          subject: `${APP}: tu código de verificación`,
          greeting: `¡Hola, ${template.name}!`,
          lines: [`Tu código para completar el registro en ${APP} es:`, `Es válido durante ${template.minutes} minutos.`],
          footer: "Si no solicitaste este registro, ignora este correo.",
        },
      }[lang];
    case "reset-code":
      return {
        pt: {
          subject: `${APP}: código para redefinir sua senha`,
          greeting: "Olá!",
          lines: [`Seu código para redefinir a senha no ${APP} é:`, `Ele vale por ${template.minutes} minutos e pode ser usado uma vez.`],
          footer: "Se você não pediu para redefinir a senha, ignore este e-mail: sua senha continua a mesma.",
        },
        en: {
          subject: `${APP}: code to reset your password`,
          greeting: "Hello!",
          lines: [`Your code to reset your ${APP} password is:`, `It is valid for ${template.minutes} minutes and can be used once.`],
          footer: "If you did not ask to reset your password, ignore this e-mail: your password stays the same.",
        },
        es: {
          subject: `${APP}: código para restablecer tu contraseña`,
          greeting: "¡Hola!",
          lines: [`Tu código para restablecer la contraseña de ${APP} es:`, `Es válido durante ${template.minutes} minutos y se puede usar una vez.`],
          footer: "Si no solicitaste restablecer la contraseña, ignora este correo: tu contraseña sigue siendo la misma.",
        },
      }[lang];
  }
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Subject, plain text and a simple HTML version (the code stands out in both). */
export function renderMail(template: MailTemplate, lang: Language): { subject: string; text: string; html: string } {
  const t = texts(template, lang);
  const [intro, validity] = t.lines as [string, string];
  const text = [t.greeting, "", intro, "", `    ${template.code}`, "", validity, "", t.footer, "", `— ${APP}`].join("\n");
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#222;">`,
    `<p>${escapeHtml(t.greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;">${escapeHtml(template.code)}</p>`,
    `<p>${escapeHtml(validity)}</p>`,
    `<p style="color:#666;font-size:12px;">${escapeHtml(t.footer)}</p>`,
    `<p>— ${APP}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject: t.subject, text, html };
}
