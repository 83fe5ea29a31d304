import type { MailMessage } from './mailer.ts';

/**
 * A staff member's invitation to the back office (issue 40): plain text like the password-reset mail, in English,
 * the back office's language.
 */
export function staffInvitationMessage(input: {
  email: string;
  name: string;
  /** The role's label (core/staff-permissions.ts ROLE_LABELS). */
  role: string;
  invitedBy: string;
  link: string;
  hours: number;
}): MailMessage {
  return {
    to: input.email,
    subject: 'Your invitation to the Ridgeline back office',
    kind: 'staff-invitation',
    text: [
      `Hello ${input.name},`,
      '',
      `${input.invitedBy} invited you to the Ridgeline back office as ${input.role}. To choose your password (at least 12 characters) and sign in, open:`,
      input.link,
      '',
      `The link works once, for ${input.hours} hours. When it has expired, ask an owner to send you a new invitation. If you did not expect this, ignore this message.`,
    ].join('\n'),
  };
}
