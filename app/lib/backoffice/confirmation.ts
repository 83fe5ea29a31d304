import type { StaffFormAnswer } from './form.server.ts';

/**
 * A save the money guard holds until the person confirms its effect (needs-confirmation, decisions 0034 and
 * 0038): a refusal as far as the form is concerned, with the sentence naming the effect and the fields as sent
 * (without the form token and `confirmed`), to be posted again with `confirmed=1`.
 */
export interface ConfirmAnswer extends StaffFormAnswer {
  confirm: string;
  fields: [string, string][];
}

/** Whether an action's answer asks for a confirmation rather than refusing or saving. */
export const asksConfirmation = (answer: unknown): answer is ConfirmAnswer =>
  typeof answer === 'object' && answer !== null && 'confirm' in answer;
