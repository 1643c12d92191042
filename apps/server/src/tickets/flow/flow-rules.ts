import { isWithinWorkingHours, type WorkingDay } from "./is-within-working-hours.js";
import type { FlowContext } from "./flow-context.js";
import type { FlowSettings, QueueRow } from "./load-flow-state.js";

/**
 * Whether the customer writes outside working hours. scheduleType "queue": the ticket's queue's hours (no queue,
 * or a queue without hours: never outside); "company": the company's hours; "disabled": never.
 */
export async function isOutOfHours(
  ctx: FlowContext,
  settings: Pick<FlowSettings, "scheduleType">,
  queue: Pick<QueueRow, "schedules"> | undefined,
  companySchedules: () => Promise<WorkingDay[]>,
): Promise<boolean> {
  if (settings.scheduleType === "queue") return queue ? !isWithinWorkingHours(queue.schedules, ctx.now(), ctx.timeZone) : false;
  if (settings.scheduleType === "company") return !isWithinWorkingHours(await companySchedules(), ctx.now(), ctx.timeZone);
  return false;
}

/**
 * The menu text: the connection's greeting, then one numbered line per queue. chatBotType "button" and "list" are
 * sent as this same text: no provider offers interactive messages.
 */
export function menuText(greeting: string, queues: readonly Pick<QueueRow, "name">[]): string {
  const options = queues.map((queue, index) => `*${index + 1}* - ${queue.name}`).join("\n");
  return greeting.trim() ? `${greeting.trim()}\n\n${options}` : options;
}

export const INVALID_OPTION_TEXT = "*Opção inválida.* Responda com o número de uma das opções:";

/** The menu option a customer's answer names (1-based), or null. */
export function menuChoiceOf(body: string, optionCount: number): number | null {
  const text = body.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= optionCount ? n : null;
}

export const RATING_INSTRUCTION = "Responda com uma nota de *1* a *5*.";
export const RATING_REPEAT_TEXT = "Não entendi sua avaliação. Por favor, responda apenas com um número de *1* a *5*.";

/** The connection's rating question, with the 1–5 instruction added when the text does not mention the scale. */
export function ratingQuestionOf(ratingMessage: string): string {
  const text = ratingMessage.trim();
  return /1\D{1,8}5/.test(text) ? text : `${text}\n\n${RATING_INSTRUCTION}`;
}

export function ratingOf(body: string): number | null {
  const text = body.trim();
  return /^[1-5]$/.test(text) ? Number(text) : null;
}

export function acceptedIntroText(agentName: string): string {
  return `{{greeting}} *{{name}}*, meu nome é *${agentName}* e agora vou prosseguir com seu atendimento!`;
}

export function transferText(queueName: string | undefined, userName: string | undefined): string | null {
  if (queueName && userName) return `Seu atendimento foi transferido para o setor *${queueName}* e o atendente *${userName}* vai continuar com você.`;
  if (queueName) return `Seu atendimento foi transferido para o setor *${queueName}*. Em breve você será atendido.`;
  if (userName) return `Seu atendimento foi transferido para o atendente *${userName}*.`;
  return null;
}
