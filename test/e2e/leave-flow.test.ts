import { describe, expect, it } from 'vitest';
import { callbackSecret, encodeCallback } from '../../src/callback-data';
import { commandOf } from '../../bot/middleware/leave-flow';
import { botSuite, type SuiteStaff, type TestUser } from '../support/bot-harness';
import { caseFixture } from '../support/case-builder';
import { press } from '../support/press';

// One middleware (bot/middleware/leave-flow.ts) makes any command leave any flow — owner, staff registration
// (/register) and staff notice and auction (/notice ...) alike — and answers /cancel in the user's language.

describe('any command leaves the flow in progress (e2e)', () => {
  const owner: TestUser = { id: 9501, firstName: 'Ramesh', languageCode: 'en' };
  const keeper: TestUser = { id: 9502, firstName: 'Mohan', languageCode: 'en' };
  const officer: TestUser = { id: 9503, firstName: 'Rakesh', languageCode: 'hi' };
  const t = (lang: 'en' | 'hi', key: string, params?: Record<string, unknown>) =>
    h.deps.translator.t(lang, key, params);
  const session = async (u: TestUser) =>
    (await h.deps.db.botSession.findUnique({ where: { key: `${u.id}:${u.id}` } }))?.value as
      | Record<string, unknown>
      | undefined;
  const last = (u: TestUser) => h.api.lastTo(u.id)?.text;

  const staff: SuiteStaff[] = [
    [keeper, 'POUND_KEEPER', ['JAI1']],
    [officer, 'OFFICER', ['JAI1']],
  ];
  const h = botSuite({ start: '2026-11-21T10:00:00+05:30', seededAt: 'now', staff });

  it('an owner: another command leaves the /case question and runs; /cancel then has nothing to leave', async () => {
    await h.send(owner, '/case');
    expect((await session(owner))?.flow).toBeTruthy();
    await h.send(owner, '/help');
    expect(await session(owner)).toEqual({});
    expect(last(owner)).toBe(
      t('en', 'owner:help.text', {
        fine: t('en', 'common:term.fine'),
        deducted: t('en', 'common:term.penalty_glossed'),
        saleDay: 16,
      }),
    );
    await h.send(owner, '/cancel');
    expect(last(owner)).toBe(t('en', 'owner:nothing_to_cancel'));
  });

  it('a keeper in /register: a text still reaches the flow; "/CANCEL@bot" leaves it and writes nothing', async () => {
    const cases = await h.deps.db.case.count();
    const rg = (...args: string[]) => encodeCallback(callbackSecret(h.deps.config), 'rg', ...args);
    await h.send(keeper, '/register');
    await h.tap(keeper, rg('cls', 'cow'));
    await h.send(keeper, 'two');
    expect(last(keeper)).toBe(t('en', 'staff:register.count_invalid', { input: 'two', max: 500 }));
    expect(await session(keeper)).toMatchObject({ flow: 'register', step: 'count' });
    await h.send(keeper, `/CANCEL@${h.api.botInfo.username}`);
    expect(last(keeper)).toBe(t('en', 'common:cancelled'));
    expect(await session(keeper)).toEqual({});
    expect(await h.deps.db.case.count()).toBe(cases);
  });

  it('an officer in /notice (Hindi): /cancel leaves it, the next text is not taken as an answer', async () => {
    const c = await caseFixture(h.deps.db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['goat', 'black']],
    }).build();
    await h.send(officer, `/notice ${c.number}`);
    await press(h, officer, t('hi', 'officer:button.now'));
    expect((await session(officer))?.flow).toBe('notice');
    await h.send(officer, '/cancel');
    expect(last(officer)).toBe(t('hi', 'common:cancelled'));
    expect(await session(officer)).toEqual({});
    await h.send(officer, 'कुंडा');
    expect(await session(officer)).toEqual({});
    expect(await h.deps.db.notice.count({ where: { caseId: c.id } })).toBe(0);
    await h.send(officer, '/cancel');
    expect(last(officer)).toBe(t('hi', 'owner:nothing_to_cancel'));
  });
});

describe('commandOf', () => {
  it('names the command of a command text, and nothing for other texts', () => {
    expect(commandOf('/Cancel@kanji_bot now')).toBe('cancel');
    expect(commandOf('  /notice JAI1-2026-0001')).toBe('notice');
    expect(commandOf('कुंडा /cancel')).toBeUndefined();
    expect(commandOf('')).toBeUndefined();
  });
});
