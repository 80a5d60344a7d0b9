import { describe, expect, it } from 'vitest';
import {
  ENROL_GLOBAL_MAX,
  ENROL_MAX_FAILURES,
  ENROL_REFUSED_ACTION,
  ENROL_WINDOW_MS,
  issueEnrolmentCode,
} from '../../../src/services/staff';
import { botSuite } from '../../support/bot-harness';
import { capturingLogger } from '../../support/test-logs';

// Enrolment codes could be guessed as fast as updates arrive. Now each wrong code is logged (ids only) and
// audited, and after ENROL_MAX_FAILURES wrong codes within ENROL_WINDOW_MS the account is refused without
// the code being looked at — even the right one — until the window has passed; many accounts guessing at
// once pause enrolment for everyone.
describe('enrolment codes: wrong guesses are throttled, logged and audited (e2e)', () => {
  const lines: string[] = [];
  const t = (lang: 'en' | 'hi', key: string, params?: Record<string, unknown>) =>
    h.deps.translator.t(lang, key, params);
  const h = botSuite({ logger: capturingLogger(lines, 'info'), seededAt: 'now' });

  it('after 5 wrong codes the 6th attempt is refused even with the right code, in the user’s language; it works once the window has passed', async () => {
    const guesser = { id: 8801, firstName: 'Guess', languageCode: 'hi' };
    const { code } = await issueEnrolmentCode(h.deps.db, {
      role: 'POUND_KEEPER',
      poundCodes: ['JAI1'],
      ttlHours: 72,
      now: h.clock.now(),
    });
    for (let i = 0; i < ENROL_MAX_FAILURES; i++) {
      await h.send(guesser, `/start enrol_AAAAAAAAA${i}`);
      expect(h.api.lastTo(guesser.id)!.text).toBe(t('hi', 'refusal:ENROL_CODE_INVALID'));
    }
    // The right code now: refused, nothing bound.
    await h.send(guesser, `/start enrol_${code}`);
    expect(h.api.lastTo(guesser.id)!.text).toBe(t('hi', 'refusal:ENROL_THROTTLED', { count: 15 }));
    expect(await h.deps.db.staffMember.count({ where: { telegramUserId: BigInt(guesser.id) } })).toBe(0);
    // Each wrong code is one audit row (ids and the reason; not the code typed); the throttled attempt is logged, not audited.
    const rows = await h.deps.db.auditEvent.findMany({
      where: { action: ENROL_REFUSED_ACTION, actorTelegramId: BigInt(guesser.id) },
    });
    expect(rows).toHaveLength(ENROL_MAX_FAILURES);
    for (const r of rows) {
      expect(r.details).toEqual({ refusal: 'INVALID' });
      expect(JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).not.toContain('AAAAAAAAA');
    }
    const logged = lines.filter((l) => l.includes('"enrolment code refused"'));
    expect(logged).toHaveLength(ENROL_MAX_FAILURES + 1);
    expect(logged.at(-1)).toContain('"refusal":"ENROL_THROTTLED"');
    expect(lines.join('')).not.toContain('AAAAAAAAA');
    expect(lines.join('')).not.toContain(code);

    // Someone else is not held up by this account's guesses.
    const other = { id: 8802, firstName: 'Other', languageCode: 'en' };
    await h.send(other, '/start enrol_BBBBBBBBBB');
    expect(h.api.lastTo(other.id)!.text).toBe(t('en', 'refusal:ENROL_CODE_INVALID'));

    // 10 minutes on: still locked, and told how long is left.
    h.clock.advance(10 * 60_000);
    await h.send(guesser, `/start enrol_${code}`);
    expect(h.api.lastTo(guesser.id)!.text).toBe(t('hi', 'refusal:ENROL_THROTTLED', { count: 5 }));
    // Once the window has passed since the wrong codes, the right code enrols.
    h.clock.advance(ENROL_WINDOW_MS - 10 * 60_000 + 1000);
    await h.send(guesser, `/start enrol_${code}`);
    expect(await h.deps.db.staffMember.count({ where: { telegramUserId: BigInt(guesser.id) } })).toBe(1);
  });

  it('many accounts guessing at once pause enrolment for everybody, and say so', async () => {
    h.clock.advance(60 * 60_000);
    // Wrong codes from many accounts, fewer than 5 each.
    for (let i = 0; i < ENROL_GLOBAL_MAX; i++)
      await h.send(
        { id: 8900 + Math.floor(i / 3), firstName: 'Bot', languageCode: 'en' },
        `/start enrol_CCCCCCCCC${i % 10}`,
      );
    const { code } = await issueEnrolmentCode(h.deps.db, {
      role: 'OFFICER',
      poundCodes: ['JAI1'],
      ttlHours: 72,
      now: h.clock.now(),
    });
    const honest = { id: 8999, firstName: 'Honest', languageCode: 'en' };
    await h.send(honest, `/start enrol_${code}`);
    expect(h.api.lastTo(honest.id)!.text).toMatch(
      new RegExp(
        `^${t('en', 'refusal:ENROL_THROTTLED_ALL', { count: 10 })
          .slice(0, 40)
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
    expect(await h.deps.db.staffMember.count({ where: { telegramUserId: BigInt(honest.id) } })).toBe(0);
    h.clock.advance(11 * 60_000);
    await h.send(honest, `/start enrol_${code}`);
    expect(await h.deps.db.staffMember.count({ where: { telegramUserId: BigInt(honest.id) } })).toBe(1);
  }, 120_000);
});
