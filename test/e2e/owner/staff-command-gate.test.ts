import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_COMMANDS } from '../../../bot/commands';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { enrolStaff, seed } from '../../support/fixtures';
import { demoCase } from '../../support/paid-case';

/**
 * Every staff command checks the sender's right before it reads its arguments, in one place: an owner typing
 * /notice, /auction or /orders — with no case number, a wrong one or a right one — is told it is for pound staff,
 * never taught the command's syntax; staff without the command's right likewise; staff with it get the syntax.
 */
describe('staff commands: the right first, then the arguments (e2e)', () => {
  let h: BotHarness;
  let number: string;
  const owner = { id: 6201, firstName: 'Ramesh', languageCode: 'en' };
  const hindiOwner = { id: 6202, firstName: 'रमेश', languageCode: 'hi' };
  const keeper = { id: 6203, firstName: 'Mohan', languageCode: 'en' };
  const officer = { id: 6204, firstName: 'Anil', languageCode: 'en' };
  const t = (lang: 'en' | 'hi', key: string) => h.deps.translator.t(lang, key);
  const footprint = async () => ({
    audit: await h.deps.db.auditEvent.count(),
    outbox: await h.deps.db.outboxEntry.count(),
    cases: await h.deps.db.case.count(),
  });

  beforeAll(async () => {
    h = await createBotHarness();
    await seed(h.deps.db, h.clock.now());
    await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1']);
    await enrolStaff(h.deps.db, officer.id, 'OFFICER', ['JAI1']);
    number = (await demoCase(h, 'JAI1', 'Kunda')).number;
  });
  afterAll(() => h?.close());

  it('an owner typing any staff command, with or without a case number, is told it is for staff', async () => {
    const before = await footprint();
    for (const command of STAFF_COMMANDS) {
      for (const arg of ['', ' JAI1-2026-999', ` ${number}`, ' nonsense']) {
        await h.send(owner, `/${command}${arg}`);
        const expected = command === 'status' ? 'jobs:status.admin_only' : 'common:error.not_allowed';
        expect(h.api.lastTo(owner.id)!.text, `/${command}${arg}`).toBe(t('en', expected));
      }
    }
    for (const command of ['/notice', '/auction', '/orders']) {
      await h.send(hindiOwner, command);
      expect(h.api.lastTo(hindiOwner.id)!.text, command).toBe(t('hi', 'common:error.not_allowed'));
    }
    expect(await footprint()).toEqual(before);
  });

  it('a keeper typing an officer’s command without a case number is refused, not taught its syntax', async () => {
    for (const command of ['/notice', '/auction', '/sale', '/outcome']) {
      await h.send(keeper, command);
      expect(h.api.lastTo(keeper.id)!.text, command).toBe(t('en', 'common:error.not_allowed'));
    }
    // His own command without its case number: the syntax.
    await h.send(keeper, '/orders');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'officer:usage.orders'));
  });

  it('an officer typing his own command without a case number is taught its syntax', async () => {
    for (const command of ['notice', 'auction', 'orders']) {
      await h.send(officer, `/${command}`);
      expect(h.api.lastTo(officer.id)!.text, command).toBe(t('en', `officer:usage.${command}`));
    }
    await h.send(officer, '/register');
    expect(h.api.lastTo(officer.id)!.text).toBe(t('en', 'common:error.not_allowed'));
  });
});
