import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The mail a store wrote to `DATA_DIR/outbox` (no SMTP_URL), read as a shopper's or staff member's mail program
 * would show it: what tests of mail check.
 */

/** The message as written: quoted-printable soft breaks joined and bytes decoded as UTF-8. */
export const quotedPrintable = (eml: string) =>
  Buffer.from(
    eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The outbox's files, oldest first (their names start with a time stamp); none before the first mail. */
export function outboxFiles(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'outbox')).sort();
  } catch {
    return [];
  }
}

/** The decoded mails of `kind` (order-shipped, order-refunded, …) that mention `text`, oldest first. */
export function outboxMails(dataDir: string, kind: string, text: string): string[] {
  return outboxFiles(dataDir)
    .filter((file) => file.includes(`-${kind}-`))
    .map((file) => quotedPrintable(readFileSync(join(dataDir, 'outbox', file), 'utf8')))
    .filter((mail) => mail.includes(text));
}
