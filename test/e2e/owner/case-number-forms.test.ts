import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchAdmin } from '../../../src/admin/run';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { enrolStaff, seed } from '../../support/fixtures';
import { demoCase } from '../../support/paid-case';

/**
 * One case-number parser and one look-up key: the owner's /case, the staff's /release and /orders and the admin
 * CLI find the case JAI1-2026-17 whether it is typed with a leading zero or in Hindi digits and words.
 */
describe('every look-up finds a case by the same typed forms of its number (e2e)', () => {
  let h: BotHarness;
  let caseId: number;
  const keeper = { id: 6101, firstName: 'Mohan', languageCode: 'en' };
  const owner = { id: 6199, firstName: 'Ramesh', languageCode: 'en' };
  const NUMBER = 'JAI1-2026-17';
  const FORMS = ['JAI1-2026-017', 'jai1 २०२६ १७'];
  const t = (key: string, params?: Record<string, unknown>) => h.deps.translator.t('en', key, params);

  beforeAll(async () => {
    h = await createBotHarness();
    await seed(h.deps.db, h.clock.now());
    await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1']);
    const c = await demoCase(h, 'JAI1', 'Kunda');
    caseId = c.id;
    // The 17th case of the year (the trigger Case_number_key keeps numberKey with the number).
    await h.deps.db.case.update({ where: { id: c.id }, data: { number: NUMBER } });
  });
  afterAll(() => h?.close());

  it.each(FORMS)(
    '/release %s finds the case (refused under s. 19: nothing paid), not "no such case"',
    async (typed) => {
      await h.send(keeper, `/release ${typed}`);
      const answer = h.api.lastTo(keeper.id)!.text;
      expect(answer.startsWith(t('staff:release.refused', { caseNumber: NUMBER }))).toBe(true);
      expect(await h.deps.db.release.count({ where: { caseId } })).toBe(0);
    },
  );

  it.each(FORMS)('/orders %s (a staff command through the one case argument) finds the case', async (typed) => {
    await h.send(keeper, `/orders ${typed}`);
    const answer = h.api.lastTo(keeper.id)!.text;
    expect(answer).toContain(NUMBER);
    expect(answer).not.toBe(t('common:error.case_not_found', { number: NUMBER }));
    expect(answer).not.toContain(t('common:error.case_malformed', { input: typed }));
  });

  it.each(FORMS)("the owner's /case %s shows the case card", async (typed) => {
    await h.send(owner, `/case ${typed}`);
    const answer = h.api.lastTo(owner.id)!.text;
    expect(answer).toContain(NUMBER);
    expect(answer).not.toBe(t('common:error.case_not_found', { number: NUMBER }));
  });

  it.each(FORMS)('the admin CLI finds %s (no auction yet: no s. 16 account to print)', async (typed) => {
    const err: string[] = [];
    const deps = {
      ...h.deps,
      t: h.deps.translator.forLang('en'),
      out: () => {},
      err: (l: string) => err.push(l),
      botUsername: 'kanji_test_bot',
    };
    // Unquoted in a shell, "jai1 २०२६ १७" arrives as three words.
    expect(await dispatchAdmin(deps, ['document', 'account', ...typed.split(' ')])).toBe(1);
    expect(err.at(-1)).toBe(
      t('documents:admin.unavailable', { ref: typed, why: t('documents:unavailable.no_account') }),
    );
  });

  it('an unknown number is "no such case" for all of them', async () => {
    await h.send(keeper, '/release JAI1-2026-018');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('common:error.case_not_found', { number: 'JAI1-2026-18' }));
    await h.send(owner, '/case jai1 २०२६ १८');
    expect(h.api.lastTo(owner.id)!.text).toBe(t('common:error.case_not_found', { number: 'JAI1-2026-18' }));
  });
});
