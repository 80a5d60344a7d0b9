import { describe, expect, it } from 'vitest';
import { callbackSecret, encodeCallback } from '../../../src/callback-data';
import { botSuite, type SuiteStaff } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { press } from '../../support/press';
import { searchKeysOf } from '../../../src/services/owner-text';

describe.each(await dbKinds())('/register — the s. 8 register entry (e2e, %s)', (dbKind) => {
  const keeper = { id: 2001, firstName: 'Mohan', languageCode: 'en' };
  const hindiKeeper = { id: 2002, firstName: 'Suresh', languageCode: 'hi' };
  const owner = { id: 2099, firstName: 'Ramesh', languageCode: 'hi' };
  let rg: (...args: string[]) => string;
  const t = (lang: 'en' | 'hi', key: string, params?: Record<string, unknown>) =>
    h.deps.translator.t(lang, key, params);
  const session = async (u: { id: number }) =>
    (await h.deps.db.botSession.findUnique({ where: { key: `${u.id}:${u.id}` } }))?.value as
      | { flow?: string; step?: string }
      | undefined;

  const staff: SuiteStaff[] = [
    [keeper, 'POUND_KEEPER', ['JAI1']],
    [hindiKeeper, 'POUND_KEEPER', ['JAI1', 'JAI2']],
  ];
  const h = botSuite({ dbKind, start: '2026-11-29T10:00:00+05:30', seededAt: 'now', staff }, async (h) => {
    const secret = callbackSecret(h.deps.config);
    rg = (...args) => encodeCallback(secret, 'rg', ...args);
  });

  it('enters a back-dated herd of two kinds step by step, and refuses a future time', async () => {
    await h.send(keeper, '/register');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'staff:register.ask.class_first'));
    await h.tap(keeper, rg('cls', 'buffalo'));
    expect(h.api.lastTo(keeper.id)!.text).toBe(
      t('en', 'staff:register.ask.count', { cls: t('en', 'common:cattle.buffalo') }),
    );
    await h.send(keeper, 'two');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'staff:register.count_invalid', { input: 'two', max: 500 }));
    await h.send(keeper, '2');
    // The description prompt names the class as its count needs it: "the 2 buffaloes", not "the 2 buffalo".
    expect(h.api.lastTo(keeper.id)!.text).toMatch(/^Describe the 2 buffaloes\. /);
    await h.send(keeper, 'black, curved horns; black, white patch on forehead');
    await h.tap(keeper, rg('nophoto'));
    await h.tap(keeper, rg('more'));
    await h.tap(keeper, rg('cls', 'cow'));
    await h.send(keeper, '1');
    await h.send(keeper, 'brown Rathi cow, ear tag 4411');
    await h.send(keeper, '', {
      photo: [
        { file_id: 'small', file_unique_id: 's', width: 90, height: 90 },
        { file_id: 'cow-photo-large', file_unique_id: 'l', width: 800, height: 800 },
      ],
    } as never);
    await h.tap(keeper, rg('done'));
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'staff:register.ask.when'));

    // The future is refused (s. 8) and the flow waits for a correct time.
    await h.send(keeper, '30.11.2026 09:00');
    expect(h.api.lastTo(keeper.id)!.text).toBe(
      t('en', 'staff:register.when_future', {
        at: new Date('2026-11-30T09:00:00+05:30').toISOString(),
        now: h.clock.now().toISOString(),
      }),
    );
    expect((await session(keeper))?.step).toBe('when');

    await h.send(keeper, '27.11.2026 18:45');
    const brought = new Date('2026-11-27T18:45:00+05:30').toISOString();
    // The time of seizure (the s. 20 window runs from it): asked next, with "seized when brought in" as the button.
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'staff:register.ask.seized', { at: brought, count: 10 }));
    expect(h.api.lastTo(keeper.id)!.text).toContain('s. 20');
    await h.send(keeper, 'yesterday');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'staff:register.seized_invalid', { input: 'yesterday' }));
    await h.send(keeper, '29.11.2026 11:00');
    expect(h.api.lastTo(keeper.id)!.text).toBe(
      t('en', 'staff:register.seized_future', {
        at: new Date('2026-11-29T11:00:00+05:30').toISOString(),
        now: h.clock.now().toISOString(),
      }),
    );
    await h.send(keeper, '27.11.2026 19:00');
    expect(h.api.lastTo(keeper.id)!.text).toBe(
      t('en', 'staff:register.seized_after', {
        seized: new Date('2026-11-27T19:00:00+05:30').toISOString(),
        at: brought,
      }),
    );
    expect((await session(keeper))?.step).toBe('seized');
    // Seized the evening before it was brought in: a different India day, so a different s. 20 window.
    await h.send(keeper, '26.11.2026 21:10');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'staff:register.ask.seizer_name'));
    await h.send(keeper, 'Bhanwar Lal');
    await h.send(keeper, 'Kunda village');
    await h.tap(keeper, rg('noowner'));
    await h.send(keeper, 'Kunda');
    expect(h.api.lastTo(keeper.id)!.text).toContain(t('en', 'staff:register.ask.confirm'));
    const before = await h.deps.db.case.count();
    const save = await h.tap(keeper, rg('save'), 777);

    expect(await h.deps.db.case.count()).toBe(before + 1);
    const c = await h.deps.db.case.findFirstOrThrow({
      orderBy: { id: 'desc' },
      include: { heads: { orderBy: { index: 'asc' } }, pound: true },
    });
    expect(c.pound.code).toBe('JAI1');
    expect(c.number).toMatch(/^JAI1-2026-\d+$/);
    expect(c.impoundedAt.toISOString()).toBe(new Date('2026-11-27T18:45:00+05:30').toISOString());
    expect(c.seizedAt!.toISOString()).toBe(new Date('2026-11-26T21:10:00+05:30').toISOString());
    expect(c.heads.map((x) => [x.cattleClass, x.description, x.photoFileId])).toEqual([
      ['buffalo', 'black, curved horns', null],
      ['buffalo', 'black, white patch on forehead', null],
      ['cow', 'brown Rathi cow, ear tag 4411', 'cow-photo-large'],
    ]);
    expect([c.seizerName, c.seizerResidence, c.ownerName, c.placeOfSeizure]).toEqual([
      'Bhanwar Lal',
      'Kunda village',
      null,
      'Kunda',
    ]);
    expect(c.villageKey).toBe('kunda');
    // The owners' search keys of the place and the descriptions are written with the entry.
    expect(c.searchKeys).toEqual(
      searchKeysOf(
        'Kunda',
        c.heads.map((hd) => hd.description),
      ),
    );
    expect(c.searchKeys).toEqual(expect.arrayContaining(['#', 'kund', '=rathi', '=4411']));

    const sent = h.api.sentTo(keeper.id).slice(-3);
    expect(sent[0]!.text).toBe(
      t('en', 'staff:register.done', {
        number: c.number,
        count: 3,
        pound: c.pound.name,
        at: c.impoundedAt.toISOString(),
      }),
    );
    expect(sent[1]!.text).toContain(c.number);
    expect(sent[1]!.text).toContain('Bhanwar Lal, Kunda village');
    expect(sent[1]!.text).toContain(
      `Seized: ${h.deps.translator.t('en', 'staff:register.summary', { seized: c.seizedAt!.toISOString() }).match(/Seized: (.*)/)![1]}`,
    );
    expect(sent[1]!.text).toContain(
      t('en', 'staff:register.copy_line_single', {
        cls: t('en', 'common:cattle.buffalo'),
        description: 'black, curved horns',
        from: 1,
      }),
    );
    expect(sent[2]!.method).toBe('sendPhoto');
    expect(sent[2]!.text).toBe(
      t('en', 'staff:register.owner_slip', {
        number: c.number,
        pound: c.pound.name,
        link: `https://t.me/${h.deps.botUsername}?start=case_${c.number}`,
      }),
    );

    const outbox = await h.deps.db.outboxEntry.findMany({
      where: {
        OR: [
          { jobKey: `case:${c.id}:broadcast:new_case` },
          { jobName: 'deadline', payload: { path: ['caseId'], equals: c.id } },
        ],
      },
    });
    expect(outbox.map((o) => o.jobName).sort()).toEqual(['broadcast', 'deadline']);
    const audit = await h.deps.db.auditEvent.findFirstOrThrow({ where: { action: 'case.register', caseId: c.id } });
    expect(audit.actorTelegramId).toBe(BigInt(keeper.id));
    expect(audit.messageId).toBe((save.callback_query as { message: { message_id: number } }).message.message_id);
    expect(await session(keeper)).toEqual({});

    // A replay of the Save tap has no second effect.
    await h.feed(save);
    expect(await h.deps.db.case.count()).toBe(before + 1);
  });

  it('a keeper of several pounds chooses the pound; "Now" records the current time; Hindi throughout', async () => {
    await h.send(hindiKeeper, '/register');
    expect(h.api.lastTo(hindiKeeper.id)!.text).toBe(t('hi', 'staff:register.ask.pound'));
    const jai2 = await h.deps.db.pound.findUniqueOrThrow({ where: { code: 'JAI2' } });
    await h.tap(hindiKeeper, rg('pound', String(jai2.id)));
    await h.tap(hindiKeeper, rg('cls', 'goat'));
    await h.send(hindiKeeper, '३');
    expect(h.api.lastTo(hindiKeeper.id)!.text).toMatch(/^3 बकरियाँ — इनका विवरण लिखें।/);
    await h.send(hindiKeeper, 'सफ़ेद, काले कान');
    await h.tap(hindiKeeper, rg('nophoto'));
    await h.tap(hindiKeeper, rg('done'));
    await h.tap(hindiKeeper, rg('now'));
    expect(h.api.lastTo(hindiKeeper.id)!.text).toBe(
      t('hi', 'staff:register.ask.seized', { at: h.clock.now().toISOString(), count: 10 }),
    );
    expect(h.api.lastTo(hindiKeeper.id)!.text).toContain('धारा 20');
    // Bad input is refused in Hindi.
    await h.send(hindiKeeper, 'कल');
    expect(h.api.lastTo(hindiKeeper.id)!.text).toBe(t('hi', 'staff:register.seized_invalid', { input: 'कल' }));
    await press(h, hindiKeeper, t('hi', 'staff:register.seized_same_button'));
    await h.send(hindiKeeper, 'रामलाल');
    await h.send(hindiKeeper, 'सामोद');
    await h.send(hindiKeeper, 'गोपाल');
    await h.send(hindiKeeper, 'सामोद');
    await h.send(hindiKeeper, 'सामोद');
    await h.tap(hindiKeeper, rg('save'), 888);
    const c = await h.deps.db.case.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { heads: true, pound: true } });
    expect(c.pound.code).toBe('JAI2');
    expect(c.heads).toHaveLength(3);
    expect(c.impoundedAt.toISOString()).toBe(h.clock.now().toISOString());
    expect(c.seizedAt!.toISOString()).toBe(h.clock.now().toISOString());
    expect(c.ownerName).toBe('गोपाल');
    expect(h.api.sentTo(hindiKeeper.id).at(-3)!.text).toBe(
      t('hi', 'staff:register.done', {
        number: c.number,
        count: 3,
        pound: c.pound.nameHi,
        at: c.impoundedAt.toISOString(),
      }),
    );
  });

  it('a command leaves the flow, /cancel too, and nothing is written', async () => {
    const before = await h.deps.db.case.count();
    await h.send(keeper, '/register');
    await h.tap(keeper, rg('cls', 'camel'));
    await h.send(keeper, '/pending');
    expect(await session(keeper)).toEqual({});
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'staff:pending.none'));
    await h.send(keeper, '/register');
    await h.send(keeper, '/cancel');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'common:cancelled'));
    // A button from the abandoned flow is now stale.
    await h.tap(keeper, rg('cls', 'camel'));
    const answer = h.api.calls.filter((c) => c.method === 'answerCallbackQuery').at(-1)!;
    expect(answer.payload.text).toBe(t('en', 'common:error.stale_button'));
    expect(await h.deps.db.case.count()).toBe(before);
  });

  it('a forged button is refused and changes nothing', async () => {
    await h.send(keeper, '/register');
    await h.tap(keeper, 'rg|cls|elephant|AAAAAAAA');
    const answer = h.api.calls.filter((c) => c.method === 'answerCallbackQuery').at(-1)!;
    expect(answer.payload.text).toBe(t('en', 'common:error.stale_button'));
    expect((await session(keeper))?.step).toBe('class');
    await h.send(keeper, '/cancel');
  });

  it('an entry holds at most MAX_GROUPS kinds, so the summary fits in one Telegram message', async () => {
    await h.send(keeper, '/register');
    for (let i = 0; i < 12; i++) {
      await h.tap(keeper, rg('cls', 'goat'));
      await h.send(keeper, '40');
      await h.send(keeper, 'x'.repeat(200));
      await h.tap(keeper, rg('nophoto'));
      if (i < 11) await h.tap(keeper, rg('more'));
    }
    const last = h.api.sentTo(keeper.id).slice(-2);
    expect(last.map((m) => m.text)).toEqual([
      t('en', 'staff:register.groups_full', { max: 12 }),
      t('en', 'staff:register.ask.when'),
    ]);
    await h.tap(keeper, rg('now'));
    await press(h, keeper, t('en', 'staff:register.seized_same_button'));
    for (const answer of [
      'A very long seizer name '.repeat(8).slice(0, 200),
      'r'.repeat(200),
      'o'.repeat(200),
      'p'.repeat(200),
      'q'.repeat(200),
    ])
      await h.send(keeper, answer);
    const confirm = h.api.lastTo(keeper.id)!;
    expect(confirm.text).toContain(t('en', 'staff:register.ask.confirm'));
    expect(confirm.text.length).toBeLessThanOrEqual(4096);
    await h.send(keeper, '/cancel');
  });

  it('an owner cannot register', async () => {
    const before = await h.deps.db.case.count();
    await h.send(owner, '/register');
    expect(h.api.lastTo(owner.id)!.text).toBe(t('hi', 'common:error.not_allowed'));
    expect(await session(owner)).toEqual({});
    expect(await h.deps.db.case.count()).toBe(before);
  });
});
