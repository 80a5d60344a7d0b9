import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../../src/i18n';
import type { BotHarness } from '../../support/bot-harness';
import { caseFixture } from '../../support/case-builder';
import {
  buttonsOf,
  data,
  engineDues,
  englishOwner,
  footprint,
  hindiOwner,
  lastButton,
  ownerHarness,
  t,
} from './owner-harness';

/**
 * Owners find their case by number (typed loosely, Devanagari digits), by the seizure slip's deep link and
 * by search, in English and Hindi; the card shows public facts only; the dues match the statute engine.
 */
describe('owner: finding a case and its dues', () => {
  let h: BotHarness;
  let kundaId: number;
  let itawa: string;
  beforeAll(async () => {
    h = await ownerHarness();
    kundaId = (await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } })).id;
    // A case whose register entry has names and residences, to prove the card never shows them.
    itawa = (
      await caseFixture(h.deps.db, {
        pound: 'JAI2',
        impoundedAt: '2026-11-28T16:20:00+05:30',
        place: 'Itawa',
        heads: [['camel', 'young, brown']],
        seizerName: 'Bhanwar Lal Seizer',
        seizerResidence: 'Ward 9 Chomu',
        ownerName: 'Kishan Gopal Owner',
        ownerResidence: 'Dhani Meenon Ki',
      }).build()
    ).number;
  });
  afterAll(() => h?.close());

  it('greets an English speaker in English and a Hindi speaker in Hindi, each with a switch', async () => {
    await h.send(englishOwner, '/start');
    const en = h.api.lastTo(englishOwner.id)!;
    expect(en.text).toBe(t(h, 'en', 'owner:start.welcome', { name: 'Sunita' }));
    expect(buttonsOf(en.payload)[0]!.data.startsWith('lang|hi|')).toBe(true);
    await h.send(hindiOwner, '/start');
    const hi = h.api.lastTo(hindiOwner.id)!;
    expect(hi.text).toBe(t(h, 'hi', 'owner:start.welcome', { name: 'रमेश' }));
    expect(buttonsOf(hi.payload)[0]!.data.startsWith('lang|en|')).toBe(true);
  });

  it('shows the public card for /case typed in lower case with spaces (English)', async () => {
    await h.send(englishOwner, '/case jai1 - 2026 - 1');
    const card = h.api.lastTo(englishOwner.id)!;
    expect(card.text).toContain('JAI1-2026-1');
    expect(card.text).toContain(`${t(h, 'en', 'common:status.IMPOUNDED')}`);
    expect(card.text).toContain(
      t(h, 'en', 'owner:case.cattle_line', {
        count: 1,
        cls: t(h, 'en', 'common:cattle.buffalo'),
        description: 'black, curved horns',
      }),
    );
    expect(card.text).toContain('Kunda');
    expect(card.text).toContain('Amer Pound');
    // The s. 14 claim date: 7 days from 27 Nov, first day excluded → 4 Dec.
    expect(card.text).toContain(t(h, 'en', 'owner:next.claim_by', { date: '2026-12-04' }));
    const actions = buttonsOf(card.payload).map((b) => b.data.split('|')[0]);
    expect(actions).toEqual(['du', 'cl', 'pr', 'fw']);
  });

  it('understands Devanagari digits and a Hindi prefix word, and answers in Hindi', async () => {
    await h.send(hindiOwner, 'प्रकरण JAI१-२०२६-१');
    const card = h.api.lastTo(hindiOwner.id)!.text;
    expect(card).toContain('JAI1-2026-1');
    expect(card).toContain(t(h, 'hi', 'common:status.IMPOUNDED'));
    expect(card).toContain('आमेर कांजी हाउस');
    expect(card).toContain(t(h, 'hi', 'owner:next.claim_by', { date: '2026-12-04' }));
  });

  it('opens the case from the seizure slip deep link', async () => {
    await h.send(hindiOwner, '/start case_JAI1-2026-1');
    expect(h.api.lastTo(hindiOwner.id)!.text).toContain('📋 प्रकरण JAI1-2026-1');
  });

  it('never shows the owner or the seizer on the card', async () => {
    await h.send(englishOwner, `/case ${itawa}`);
    const text = h.api.lastTo(englishOwner.id)!.text;
    expect(text).toContain(itawa);
    expect(text).toContain('Itawa');
    for (const secret of ['Bhanwar', 'Seizer', 'Ward 9', 'Kishan', 'Owner', 'Dhani'])
      expect(text).not.toContain(secret);
  });

  it('finds cases by village and date, and by class, count and colour in Hindi', async () => {
    await h.send(englishOwner, '/search Kunda 27/11');
    let buttons = buttonsOf(h.api.lastTo(englishOwner.id)!.payload);
    expect(buttons.map((b) => b.text.split(' · ')[0])).toEqual(['JAI1-2026-1']);
    expect(buttons[0]!.data).toBe(data(h, 'cs', kundaId));

    await h.send(hindiOwner, '/search 2 भैंस काली');
    const reply = h.api.lastTo(hindiOwner.id)!;
    expect(reply.text).toBe(t(h, 'hi', 'owner:search.results'));
    buttons = buttonsOf(reply.payload);
    expect(buttons[0]!.text.startsWith('JAI1-2026-1')).toBe(true);
    expect(buttons.some((b) => b.text.startsWith('JAI2-2026-1'))).toBe(false);

    // Plain text outside any flow is searched too, across scripts: "कुंडा" finds "Kunda".
    await h.send(hindiOwner, 'कुंडा');
    expect(buttonsOf(h.api.lastTo(hindiOwner.id)!.payload).map((b) => b.text.split(' · ')[0])).toEqual(['JAI1-2026-1']);

    await h.tap(hindiOwner, buttons[0]!.data);
    expect(h.api.lastTo(hindiOwner.id)!.text).toContain('📋 प्रकरण JAI1-2026-1');
  });

  it('says so when nothing matches', async () => {
    await h.send(englishOwner, '/search Jodhpur 3 elephants');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:search.none', { query: 'Jodhpur 3 elephants' }));
  });

  it('itemises the dues as the statute engine computes them, with "fine" (s. 12/13) even after 1 June 2026 — Act 8 of 2026 amends s. 16 only', async () => {
    await h.tap(englishOwner, data(h, 'du', kundaId));
    const text = h.api.lastTo(englishOwner.id)!.text;
    const engine = await engineDues(h, 'JAI1-2026-1', h.clock.now());
    expect(text).toContain(t(h, 'en', 'owner:dues.total', { total: engine.totals.totalPaise }));
    // Worked example from the demo notification: 2 buffaloes × ₹200 fine (s. 12 scale of 1 June 2026) + 2 × 3 days (27–29 Nov) × ₹90 feeding.
    expect(engine.totals.totalPaise).toBe(2 * 20000 + 2 * 3 * 9000);
    expect(text).toContain(`Total: ${formatRupees(94000, 'en')}`);
    expect(text).toContain('Fine (s. 12): 2 × buffalo × ₹200.00 = ₹400.00');
    expect(text).not.toContain('enalt');
    expect(text).toContain('Feeding and watering (s. 5): 2 × buffalo × 3 days × ₹90.00');
    expect(text).toContain(t(h, 'en', 'owner:next.claim_by', { date: '2026-12-04' }));
    const tomorrow = await engineDues(h, 'JAI1-2026-1', new Date(h.clock.now().getTime() + 86_400_000));
    expect(text).toContain(
      t(h, 'en', 'owner:dues.grows', { perDay: tomorrow.totals.totalPaise - engine.totals.totalPaise }),
    );

    await h.tap(hindiOwner, data(h, 'du', kundaId));
    const hi = h.api.lastTo(hindiOwner.id)!.text;
    expect(hi).toContain(t(h, 'hi', 'owner:dues.total', { total: engine.totals.totalPaise }));
    expect(hi).toContain('जुर्माना (धारा 12)');
    expect(hi).not.toContain('शास्ति');
  });

  it('answers "if I come on 5 Dec" with the engine’s dues for that day', async () => {
    await h.tap(hindiOwner, data(h, 'wi', kundaId));
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:whatif.prompt'));
    await h.send(hindiOwner, '५/१२/२०२६');
    const text = h.api.lastTo(hindiOwner.id)!.text;
    const engine = await engineDues(h, 'JAI1-2026-1', new Date('2026-12-05T12:00:00+05:30'));
    expect(engine.feedingDays).toBe(9);
    expect(text).toContain(t(h, 'hi', 'owner:whatif.header', { date: '2026-12-05' }));
    expect(text).toContain(t(h, 'hi', 'owner:dues.total', { total: engine.totals.totalPaise }));
    // The same through the command, in English.
    await h.send(englishOwner, '/dues JAI1-2026-1 5/12/2026');
    expect(h.api.lastTo(englishOwner.id)!.text).toContain(
      t(h, 'en', 'owner:dues.total', { total: engine.totals.totalPaise }),
    );
  });

  it('refuses a what-if date in the past, and stays in the question', async () => {
    await h.tap(englishOwner, data(h, 'wi', kundaId));
    await h.send(englishOwner, '1/11/2026');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:whatif.past', { date: '2026-11-01' }));
    await h.send(englishOwner, 'someday');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:whatif.invalid', { input: 'someday' }));
    await h.send(englishOwner, 'tomorrow');
    expect(h.api.lastTo(englishOwner.id)!.text).toContain(t(h, 'en', 'owner:whatif.header', { date: '2026-11-30' }));
  });

  it('shows the s. 12A security on a Maharashtra case', async () => {
    await h.send(englishOwner, '/dues PUN1-2026-1');
    const text = h.api.lastTo(englishOwner.id)!.text;
    const engine = await engineDues(h, 'PUN1-2026-1', h.clock.now());
    expect(engine.totals.securityPaise).toBeGreaterThan(0);
    expect(text).toContain('Security (s. 12A, Bombay Act XIII of 1959): 1 × bullock');
    expect(text).toContain(t(h, 'en', 'owner:dues.security_note'));
    expect(text).toContain(t(h, 'en', 'owner:dues.total', { total: engine.totals.totalPaise }));
    await h.send(hindiOwner, '/dues PUN1-2026-1');
    const hiText = h.api.lastTo(hindiOwner.id)!.text;
    // Glossary: security = प्रतिभूति राशि; s. 12A is cited the official Hindi way, धारा 12क.
    expect(hiText).toContain('प्रतिभूति राशि (धारा 12क');
    expect(hiText).toContain(t(h, 'hi', 'owner:dues.security_note'));
  });

  describe('bad input gets a clear answer in the user’s language and changes nothing', () => {
    it('a malformed case number', async () => {
      const before = await footprint(h);
      await h.send(englishOwner, '/case JAI1-2026');
      expect(h.api.lastTo(englishOwner.id)!.text).toBe(
        `${t(h, 'en', 'common:error.case_malformed', { input: 'JAI1-2026' })}\n${t(h, 'en', 'owner:case.malformed_hint')}`,
      );
      await h.send(hindiOwner, '/case कुछ भी');
      expect(
        h.api.lastTo(hindiOwner.id)!.text.startsWith(t(h, 'hi', 'common:error.case_malformed', { input: 'कुछ भी' })),
      ).toBe(true);
      expect(await footprint(h)).toEqual(before);
    });

    it('an unknown case number', async () => {
      const before = await footprint(h);
      await h.send(hindiOwner, '/case JAI1-2026-९९९');
      expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
        t(h, 'hi', 'common:error.case_not_found', { number: 'JAI1-2026-999' }),
      );
      await h.send(englishOwner, '/start case_ZZZ9-2026-4');
      expect(h.api.lastTo(englishOwner.id)!.text).toBe(
        t(h, 'en', 'common:error.case_not_found', { number: 'ZZZ9-2026-4' }),
      );
      expect(await footprint(h)).toEqual(before);
    });

    it('a sticker and a voice note', async () => {
      const before = await footprint(h);
      await h.send(hindiOwner, '', {
        text: undefined,
        sticker: {
          file_id: 's',
          file_unique_id: 'u',
          type: 'regular',
          width: 1,
          height: 1,
          is_animated: false,
          is_video: false,
        },
      } as never);
      expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'intent:media'));
      await h.send(englishOwner, '', {
        text: undefined,
        voice: { file_id: 'v', file_unique_id: 'v', duration: 3 },
      } as never);
      expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'intent:media'));
      expect(await footprint(h)).toEqual(before);
    });

    it('a staff command from an owner', async () => {
      const before = await footprint(h);
      for (const command of ['/register', '/release JAI1-2026-1', '/pending']) {
        await h.send(hindiOwner, command);
        expect(h.api.lastTo(hindiOwner.id)!.text, command).toBe(t(h, 'hi', 'common:error.not_allowed'));
      }
      await h.send(englishOwner, '/register');
      expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'common:error.not_allowed'));
      expect(await footprint(h)).toEqual(before);
    });

    it('a forged or altered callback button', async () => {
      const before = await footprint(h);
      const genuine = data(h, 'du', kundaId);
      const altered = genuine.replace(`du|${kundaId}|`, `du|${kundaId + 1}|`);
      for (const forged of [altered, 'du|1|AAAAAAAA', 'cl|1', 'x']) {
        h.api.clear();
        await h.tap(englishOwner, forged);
        const answer = h.api.calls.find((c) => c.method === 'answerCallbackQuery')!;
        expect(answer.payload.text, forged).toBe(t(h, 'en', 'common:error.stale_button'));
        expect(h.api.sentTo(englishOwner.id)).toHaveLength(0);
      }
      // A genuine button for a case that does not exist (deleted, or another deployment's id).
      h.api.clear();
      await h.tap(hindiOwner, data(h, 'cl', 999999));
      expect(h.api.calls.find((c) => c.method === 'answerCallbackQuery')!.payload.text).toBe(
        t(h, 'hi', 'common:error.stale_button'),
      );
      expect(await footprint(h)).toEqual(before);
    });

    it('an unknown command', async () => {
      await h.send(englishOwner, '/fly');
      expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:unknown_command'));
    });
  });

  it('/help explains the 7 and 14 days in the user’s language', async () => {
    await h.send(englishOwner, '/help');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'owner:help.text', {
        fine: t(h, 'en', 'common:term.fine'),
        deducted: t(h, 'en', 'common:term.penalty_glossed'),
        saleDay: 16,
      }),
    );
    await h.send(hindiOwner, '/help');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'owner:help.text', {
        fine: t(h, 'hi', 'common:term.fine'),
        deducted: t(h, 'hi', 'common:term.penalty_glossed'),
        saleDay: 16,
      }),
    );
  });

  it('/language stores the choice, answers in it and sets the chat’s command menu', async () => {
    const user = { id: 9150, firstName: 'Mohan', languageCode: 'en' };
    await h.send(user, '/language');
    expect(h.api.lastTo(user.id)!.text).toBe(t(h, 'en', 'owner:language.choose'));
    h.api.clear();
    await h.tap(user, lastButton(h, user.id, 'lang')?.data ?? data(h, 'lang', 'hi'));
    expect(h.api.lastTo(user.id)!.text).toBe(t(h, 'hi', 'owner:language.set'));
    expect((await h.deps.db.telegramUser.findUniqueOrThrow({ where: { id: BigInt(user.id) } })).language).toBe('hi');
    const menu = h.api.calls.find((c) => c.method === 'setMyCommands')!;
    expect(menu.payload.scope).toEqual({ type: 'chat', chat_id: user.id });
    expect(menu.payload.commands.find((c: { command: string }) => c.command === 'case').description).toBe(
      t(h, 'hi', 'common:commands.case'),
    );
    // From now on Hindi, although Telegram says English.
    await h.send(user, '/help');
    expect(h.api.lastTo(user.id)!.text).toBe(
      t(h, 'hi', 'owner:help.text', {
        fine: t(h, 'hi', 'common:term.fine'),
        deducted: t(h, 'hi', 'common:term.penalty_glossed'),
        saleDay: 16,
      }),
    );
  });

  it('a command leaves a flow, and /cancel says so', async () => {
    await h.send(englishOwner, '/case');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:case.prompt'));
    await h.send(englishOwner, '/cancel');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'common:cancelled'));
    await h.send(englishOwner, '/cancel');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:nothing_to_cancel'));
  });
});
