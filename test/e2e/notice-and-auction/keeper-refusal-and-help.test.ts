import { describe, expect, it } from 'vitest';
import { STAFF_COMMANDS, staffCommandsFor } from '../../../bot/commands';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { flushOutbox } from '../../support/outbox';
import { ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { buttonData, inLanguage, lastText, press, section } from '../../support/press';

// s. 16: the pound-keeper meets the owner at the pound, so the keeper records the owner's refusal to pay
// (/refusal); the officers of the pound are told and may auction at once. And /help shows staff the
// commands of their roles (the same table as their command menu).
describe.each(await dbKinds())('the keeper records the owner’s s. 16 refusal; staff /help (%s)', (dbKind) => {
  const keeper: TestUser = { id: 8401, firstName: 'Suresh', languageCode: 'hi' };
  const officer: TestUser = { id: 8402, firstName: 'Vikram', languageCode: 'en' };
  const keeperOther: TestUser = { id: 8403, firstName: 'Kailash', languageCode: 'en' };
  const owner: TestUser = { id: 8404, firstName: 'Ramesh', languageCode: 'hi' };
  const magistrate: TestUser = { id: 8405, firstName: 'Meena', languageCode: 'en' };

  const staff: SuiteStaff[] = [
    [keeper, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar'],
    [officer, 'OFFICER', ['JAI1'], 'Vikram Singh'],
    [keeperOther, 'POUND_KEEPER', ['JAI2'], 'Kailash Chand'],
    [magistrate, 'MAGISTRATE', ['JAI1'], 'DM office'],
  ];
  const h = botSuite(
    { dbKind, start: '2026-11-03T10:00:00+05:30', seededAt: ist('2026-11-01 09:00'), staff },
    async (h) => {
      // The officer has used the bot in English: messages queued for him are rendered in English.
      await h.send(officer, '/cancel');
    },
  );
  const en = inLanguage(h, 'en');
  const hi = inLanguage(h, 'hi');

  it('the keeper records the refusal; the officer is told and can schedule the auction at once (s. 16)', async () => {
    const db = h.deps.db;
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [
        ['goat', 'white'],
        ['goat', 'black'],
      ],
    }).build();
    // An owner, a keeper of another pound and the Magistrate's office cannot record it; a bad number is named.
    await h.send(owner, `/refusal ${c.number}`);
    expect(lastText(h, owner)).toBe(hi('common:error.not_allowed'));
    await h.send(keeperOther, `/refusal ${c.number}`);
    expect(lastText(h, keeperOther)).toBe(en('common:error.wrong_pound', { number: c.number }));
    await h.send(magistrate, `/refusal ${c.number}`);
    expect(lastText(h, magistrate)).toBe(en('common:error.not_allowed'));
    await h.send(keeper, '/refusal');
    expect(lastText(h, keeper)).toBe(hi('officer:usage.refusal'));
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).ownerRefusedAt).toBeNull();

    await h.send(keeper, `/refusal ${c.number}`);
    // s. 16: who appeared is asked first and checked as a person's name.
    expect(lastText(h, keeper)).toBe(hi('officer:auction.ask_refusal_name', { number: c.number }));
    await h.send(keeper, '9876543210');
    expect(lastText(h, keeper)).toBe(hi('officer:auction.refusal_name_invalid'));
    await h.send(keeper, 'रमेश  गुर्जर');
    expect(lastText(h, keeper)).toBe(hi('officer:auction.confirm_refusal', { number: c.number, name: 'रमेश गुर्जर' }));
    const yes = buttonData(h, keeper, hi('officer:button.yes_record'));
    const update = await h.tap(keeper, yes.data, yes.messageId);
    // The owner is not on the bot: the keeper is told to tell him in person, with the first day of sale.
    expect(h.api.sentTo(keeper.id).at(-2)!.text).toBe(
      hi('officer:auction.refusal_owner_not_on_bot', { name: 'रमेश गुर्जर', saleFrom: '2026-11-04' }),
    );
    expect(lastText(h, keeper)).toBe(
      hi('officer:auction.refusal_recorded_keeper', { number: c.number, at: ist('2026-11-03 10:00').toISOString() }),
    );
    // The same tap replayed records nothing more.
    await h.feed(update);
    const after = await db.case.findUniqueOrThrow({ where: { id: c.id } });
    expect(after.ownerRefusedAt?.toISOString()).toBe(ist('2026-11-03 10:00').toISOString());
    expect([after.ownerRefusedBy, after.ownerToldOfRefusalAt]).toEqual(['रमेश गुर्जर', null]);
    const audit = await db.auditEvent.findMany({ where: { caseId: c.id, action: 'S16_OWNER_REFUSED' } });
    expect(audit.map((a) => [a.actorTelegramId, a.actorRole])).toEqual([[BigInt(keeper.id), 'pound_keeper']]);
    expect(audit[0]!.messageId).toBeGreaterThan(0);

    await flushOutbox(h.deps, h.bot.api);
    expect(lastText(h, officer)).toBe(
      en('officer:refusal_note.to_officer', {
        number: c.number,
        at: ist('2026-11-03 10:00').toISOString(),
        pound: 'Amer Pound',
      }),
    );
    // Recording it again is refused and keeps the first time.
    await h.send(keeper, `/refusal ${c.number}`);
    expect(lastText(h, keeper)).toBe(
      hi('refusal:ALREADY_DONE', {
        number: c.number,
        at: ist('2026-11-03 10:00').toISOString(),
        section: section(h, 'hi', '16'),
      }),
    );
    // The officer needs no notice now: s. 16.
    await h.send(officer, `/auction ${c.number}`);
    expect(lastText(h, officer)).toBe(
      en('officer:auction.intro_s16', { number: c.number, refusedAt: ist('2026-11-03 10:00').toISOString() }),
    );
  });

  it('an officer can record it with /refusal too, and is offered to schedule the auction; the owner is told section and consequence', async () => {
    const c = await caseFixture(h.deps.db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['cow', 'red']],
      ownerTelegramId: BigInt(owner.id),
    }).build();
    await h.send(officer, `/refusal ${c.number}`);
    await h.send(officer, 'Ramesh Gujjar (agent)');
    expect(lastText(h, officer)).toBe(en('officer:auction.refusal_name_invalid'));
    await h.send(officer, 'Ramesh Gujjar');
    await press(h, officer, en('officer:button.yes_record'));
    expect(h.api.sentTo(officer.id).at(-2)!.text).toBe(
      en('officer:auction.refusal_owner_told', { name: 'Ramesh Gujjar', saleFrom: '2026-11-04' }),
    );
    expect(lastText(h, officer)).toBe(
      en('officer:auction.refusal_recorded', { at: ist('2026-11-03 10:00').toISOString() }),
    );
    expect(buttonData(h, officer, en('officer:auction.schedule_button')).data).toContain(`|${c.id}|`);
    const row = await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id } });
    expect([row.ownerRefusedBy, row.ownerToldOfRefusalAt?.toISOString()]).toEqual([
      'Ramesh Gujjar',
      ist('2026-11-03 10:00').toISOString(),
    ]);
    await flushOutbox(h.deps, h.bot.api);
    const told = lastText(h, owner);
    expect(told).toBe(
      hi('officer:refusal_note.to_owner', {
        number: c.number,
        at: ist('2026-11-03 10:00').toISOString(),
        name: 'Ramesh Gujjar',
        saleFrom: '2026-11-04',
        pound: 'आमेर कांजी हाउस',
        count: 1,
      }),
    );
    expect(told).toContain('धारा 16');
    // one cow in the pound: "the animal may be sold", not "the cattle, or as many as are needed"
    expect(told).toContain('आगे क्या होगा: पशु 4 नवंबर 2026 से');
    expect(told).toContain('बेचा जा सकता है');
    // The s. 16 sale cannot be fixed for the day of the refusal (src/law: from the next day).
    await press(h, officer, en('officer:auction.schedule_button'));
    await h.send(officer, '03.11.2026 17:00');
    expect(lastText(h, officer)).toContain(
      en('refusal:SALE_BEFORE_S16_INTERVAL', {
        section: section(h, 'en', '16'),
        eligibleFrom: ist('2026-11-04 00:00').toISOString(),
      }),
    );
  });

  it('/help for staff lists the commands of their roles after the general help; owners get only the general help', async () => {
    const before = h.api.sentTo(owner.id).length;
    await h.send(owner, '/help');
    expect(h.api.sentTo(owner.id).length).toBe(before + 1);
    const general = lastText(h, owner);
    expect(general).not.toContain('/refusal');

    await h.send(keeper, '/help');
    const lines = staffCommandsFor('POUND_KEEPER').map((c) =>
      hi('officer:help.line', { command: c, description: hi(`common:commands.${c}`) }),
    );
    expect(lastText(h, keeper)).toBe(hi('officer:help.staff', { commands: lines.join('\n') }));
    expect(lastText(h, keeper)).toContain('/refusal');
    // First the same general help an owner gets (both in Hindi).
    expect(h.api.sentTo(keeper.id).at(-2)!.text).toBe(general);

    await h.send(officer, '/help');
    const officerHelp = lastText(h, officer);
    for (const c of ['notice', 'auction', 'refusal', 'sale', 'split', 'orders'])
      expect(officerHelp).toContain(`/${c} — ${en(`common:commands.${c}`)}`);
    expect(officerHelp).not.toContain('/register —');
  });

  it('every part-B command is in some role’s menu, and each role’s menu only has known commands', () => {
    const partB = ['notice', 'auction', 'refusal', 'sale', 'split', 'orders', 'outcome'];
    const all = new Set((['POUND_KEEPER', 'OFFICER', 'MAGISTRATE'] as const).flatMap((r) => staffCommandsFor(r)));
    for (const c of partB) expect(all.has(c as never)).toBe(true);
    for (const c of all) expect((STAFF_COMMANDS as readonly string[]).includes(c)).toBe(true);
    expect(staffCommandsFor('POUND_KEEPER')).toEqual(expect.arrayContaining(['refusal', 'orders']));
    expect(staffCommandsFor('MAGISTRATE')).toEqual(expect.arrayContaining(['orders', 'outcome', 'split']));
  });
});
