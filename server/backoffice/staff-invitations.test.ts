import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createInvitationSigner, INVITATION_HOURS } from './staff-invitations.ts';

const KEY = 'a key of at least thirty-two characters!';
const signer = createInvitationSigner(KEY);
const member = { id: 42, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$salt$hash-one' };
const now = new Date('2026-12-07T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe('staff invitation links', () => {
  it('reads back a genuine link: the member, its expiry, and that it is unused', () => {
    const token = signer.sign(member, inHours(INVITATION_HOURS));
    expect(token).toMatch(/^[0-9a-f]+$/);
    const read = signer.read(token, now);
    expect(read).toMatchObject({ ok: true, staffId: 42, expiresAt: inHours(INVITATION_HOURS) });
    expect(read.ok && signer.unused(read, member.passwordHash)).toBe(true);
  });

  it('works for 72 hours', () => {
    expect(INVITATION_HOURS).toBe(72);
    const token = signer.sign(member, inHours(INVITATION_HOURS));
    expect(signer.read(token, inHours(INVITATION_HOURS - 0.01)).ok).toBe(true);
    expect(signer.read(token, inHours(INVITATION_HOURS))).toEqual({ ok: false, reason: 'expired' });
  });

  it('is used once the password changed: the fingerprint no longer matches', () => {
    const read = signer.read(signer.sign(member, inHours(1)), now);
    expect(read.ok && signer.unused(read, '$argon2id$v=19$m=19456,t=2,p=1$salt$hash-two')).toBe(false);
  });

  it('refuses a tampered link: another member, a later expiry, a changed signature, another key', () => {
    const token = signer.sign(member, inHours(1));
    const payload = token.slice(0, -64);
    const signature = token.slice(-64);
    const body = JSON.parse(Buffer.from(payload, 'hex').toString('utf8'));
    const forged = (changes: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ ...body, ...changes })).toString('hex') + signature;
    expect(signer.read(forged({ s: 1 }), now)).toEqual({ ok: false, reason: 'tampered' });
    expect(signer.read(forged({ e: body.e + 86_400 * 365 }), now)).toEqual({ ok: false, reason: 'tampered' });
    const flipped = `${payload}${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(signer.read(flipped, now)).toEqual({ ok: false, reason: 'tampered' });
    const other = createInvitationSigner('another key of at least thirty-two chars');
    expect(other.read(token, now)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuses what is not a link: wrong alphabet, too short, a genuinely signed body of the wrong shape', () => {
    // Signed as the signer does, to reach the checks behind the signature.
    const derived = createHmac('sha256', KEY).update('ridgeline staff invitation signing').digest();
    const signed = (body: string) => {
      const payload = Buffer.from(body).toString('hex');
      return payload + createHmac('sha256', derived).update(`invitation\n${payload}`).digest('hex');
    };
    expect(signer.read(signed('not json at all'), now)).toEqual({ ok: false, reason: 'malformed' });
    expect(signer.read(signed('{"s":"42","e":1,"f":"x"}'), now)).toEqual({ ok: false, reason: 'malformed' });
    expect(signer.read(signed('{"s":42,"e":1.5,"f":"x"}'), now)).toEqual({ ok: false, reason: 'malformed' });
    expect(signer.read(signed('{"s":42,"e":99999999999,"f":7}'), now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(signer.read(signed('{"s":42,"e":99999999999,"f":"x"}'), now)).toMatchObject({ ok: true });
    expect(signer.read('', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(signer.read('zz'.repeat(60), now)).toEqual({ ok: false, reason: 'malformed' });
    expect(signer.read(signer.sign(member, inHours(1)).toUpperCase(), now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(signer.read('ab'.repeat(4) + '0'.repeat(64), now)).toEqual({ ok: false, reason: 'malformed' });
  });
});
