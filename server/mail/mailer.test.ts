import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './mailer.ts';

describe('createOutboxMailer', () => {
  let outbox = '';
  afterEach(() => rm(outbox, { recursive: true, force: true }));

  it('puts each message in the outbox whole, under its .eml name, and leaves nothing half written', async () => {
    outbox = await mkdtemp(join(tmpdir(), 'outbox-'));
    const mailer = createOutboxMailer({ from: 'Ridgeline <shop@example.com>', outboxDir: outbox });
    await Promise.all(
      ['a@example.com', 'b@example.com', 'c@example.com'].map((to) =>
        mailer.send({ to, subject: 'Reset your password', text: `Hello ${to}`, kind: 'password-reset' }),
      ),
    );
    const files = await readdir(outbox);
    expect(files).toHaveLength(3);
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
      const file = files.find((name) => name.endsWith(`-password-reset-${to}.eml`));
      expect(file).toBeDefined();
      const eml = await readFile(join(outbox, file!), 'utf8');
      expect(eml).toContain(`To: ${to}`);
      expect(eml).toContain('Subject: Reset your password');
      expect(eml).toContain(`Hello ${to}`);
    }
  });
});
