import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { caseUrl } from '../../../src/case-url';
import {
  type FakeSmsProvider,
  smsDate,
  matchesTemplate,
  registeredText,
  type SmsEvent,
  type SmsLanguage,
} from '../../../src/services/sms';
import { verificationLink } from '../../../src/services/receipts';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { ist } from '../../support/case-fixture';
import { keysUnder, TEST_REDIS_URL } from '../../support/jobs-harness';
import { declareAndDeliver } from '../../support/paid-case';
import { inLanguage, lastText, press } from '../../support/press';

// SMS to owners through the real bot and the real jobs runtime (BullMQ on Redis), against the fake provider:
// the keeper records the owner's mobile at registration (Hindi; a function under law, no consent asked) and a second
// owner's later with /mobile (English); registration, the s. 14 report, the auction and the release each send exactly one SMS per
// owner, each matching its DLT template; the numbers are never in a job, a Redis key or the session.
const PUBLIC_URL = 'https://kanji.example.in';
const KEY = Buffer.alloc(32, 42).toString('base64');
const HINDI_OWNER_MOBILE = '9876543210';
/** Rows as text (ids are bigints). */
const json = (x: unknown) => JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
const ENGLISH_OWNER_MOBILE = '7000012345';

describe.each(await dbKinds())('SMS to the owner (e2e, fake provider, %s)', (dbKind) => {
  const keeper: TestUser = { id: 6101, firstName: 'Suresh', languageCode: 'en' };
  const officer: TestUser = { id: 6102, firstName: 'Vikram', languageCode: 'en' };
  const owner: TestUser = { id: 6103, firstName: 'Ramesh', languageCode: 'hi' };
  const staff: SuiteStaff[] = [
    [keeper, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar'],
    [officer, 'OFFICER', ['JAI1'], 'Vikram Singh'],
  ];
  const h = botSuite({
    dbKind,
    start: '2026-11-01T10:00:00+05:30',
    seededAt: ist('2026-11-01 09:00'),
    jobs: true,
    staff,
    env: { SMS_PROVIDER: 'fake', SMS_DATA_KEY: KEY, PUBLIC_URL },
  });
  const en = inLanguage(h, 'en');
  const fake = () => h.deps.sms!.provider as FakeSmsProvider;
  let caseId: number;
  let number: string;

  /** The SMS of one event, each checked against its registered DLT template. */
  const smsOf = (event: SmsEvent) =>
    fake()
      .sent.filter((s) => s.templateKey.startsWith(`${event}.`))
      .map((s) => {
        const lang = s.templateKey.split('.')[1] as SmsLanguage;
        expect(matchesTemplate(s.text, registeredText(event, lang, PUBLIC_URL)), s.text).toBe(true);
        expect(s.templateId).toBe(h.deps.sms!.templateIds.get(s.templateKey));
        expect([s.senderId, s.encoding]).toEqual(['KANJIH', lang === 'hi' ? 'ucs2' : 'gsm7']);
        return { to: s.to, lang, text: s.text };
      })
      .sort((a, b) => a.to.localeCompare(b.to));

  it('records the mobile at registration on a function under law, keeps it encrypted, and sends one SMS', async () => {
    await h.send(keeper, '/register');
    await press(h, keeper, en('common:cattle.cow'));
    await h.send(keeper, '2');
    await h.send(keeper, 'black, curved horns');
    await press(h, keeper, en('staff:register.skip_photo_button'));
    await press(h, keeper, en('staff:register.done_button'));
    await press(h, keeper, en('staff:register.now_button'));
    await press(h, keeper, en('staff:register.seized_same_button'));
    await h.send(keeper, 'Bhanwar Lal');
    await h.send(keeper, 'Kunda village');
    await h.send(keeper, 'Ramesh Kumar');
    await h.send(keeper, 'Kunda');
    expect(lastText(h, keeper)).toBe(en('sms:ask_number'));
    // Not an Indian mobile number: said so, nothing changes.
    await h.send(keeper, 'nine eight');
    expect(lastText(h, keeper)).toBe(en('sms:invalid', { input: 'nine eight' }));
    await h.send(keeper, '0141 2345678');
    expect(lastText(h, keeper)).toBe(en('sms:invalid', { input: '******5678' }));
    await h.send(keeper, '+91 98765 43210');
    // The keeper is told what the owner gets and why, and asked only the language: no consent is tapped for him.
    expect(lastText(h, keeper)).toBe(en('sms:record.ask', { masked: '******3210', count: 180 }));
    const buttons = JSON.stringify(h.api.sentTo(keeper.id).at(-1)!.payload.reply_markup);
    expect(buttons).toContain(en('sms:record.hi'));
    expect(buttons).not.toMatch(/agree|consent/i);
    // The flow's session holds the number only sealed.
    const session = JSON.stringify(
      (await h.deps.db.botSession.findUnique({ where: { key: `${keeper.id}:${keeper.id}` } }))?.value,
    );
    expect(session).not.toContain(HINDI_OWNER_MOBILE);
    await press(h, keeper, en('sms:record.hi'));
    await h.send(keeper, 'Kunda');
    expect(lastText(h, keeper)).toContain('******3210');
    expect(lastText(h, keeper)).not.toContain(HINDI_OWNER_MOBILE);
    await press(h, keeper, en('staff:register.save_button'));

    const c = await h.deps.db.case.findFirstOrThrow({ where: { ownerName: 'Ramesh Kumar' } });
    caseId = c.id;
    number = c.number;
    const [m] = await h.deps.db.ownerMobile.findMany({ where: { caseId } });
    expect([m!.last4, m!.language, m!.erasedAt, m!.basis, m!.ownConsentAt]).toEqual([
      '3210',
      'hi',
      null,
      'LEGAL_FUNCTION',
      null,
    ]);
    const recorded = await h.deps.db.auditEvent.findFirstOrThrow({ where: { caseId, action: 'owner_mobile.record' } });
    expect(recorded.details).toMatchObject({ basis: 'LEGAL_FUNCTION' });
    expect(json(recorded.details)).not.toContain('consent');
    expect(json(m)).not.toContain(HINDI_OWNER_MOBILE);

    await h.drain();
    const reg = smsOf('registered');
    expect(reg).toEqual([{ to: `+91${HINDI_OWNER_MOBILE}`, lang: 'hi', text: expect.any(String) }]);
    expect(reg[0]!.text).toContain(caseUrl(PUBLIC_URL, number));
    expect(reg[0]!.text).toContain('आमेर कांजी हाउस');
  });

  it('records a second owner with /mobile (English), once, and nothing when the keeper chooses not to', async () => {
    await h.send(keeper, '/help');
    expect(lastText(h, keeper)).toContain(en('sms:help'));
    await h.send(keeper, `/mobile ${number}`);
    expect(h.api.sentTo(keeper.id).at(-2)!.text).toContain('******3210');
    await h.send(keeper, ENGLISH_OWNER_MOBILE);
    await press(h, keeper, en('sms:record.no'));
    expect(lastText(h, keeper)).toBe(en('sms:record.dropped'));
    expect(await h.deps.db.ownerMobile.count({ where: { caseId } })).toBe(1);

    await h.send(keeper, `/mobile ${number}`);
    await h.send(keeper, ENGLISH_OWNER_MOBILE);
    await press(h, keeper, en('sms:record.en'));
    expect(lastText(h, keeper)).toBe(
      en('sms:mobile.recorded', { number, masked: '******2345', language: en('sms:language.en') }),
    );
    // The same number again is the same row.
    await h.send(keeper, `/mobile ${number}`);
    await h.send(keeper, ENGLISH_OWNER_MOBILE);
    await press(h, keeper, en('sms:record.en'));
    expect(lastText(h, keeper)).toBe(en('sms:mobile.already', { masked: '******2345', number }));
    expect(await h.deps.db.ownerMobile.count({ where: { caseId } })).toBe(2);
    const audit = await h.deps.db.auditEvent.findMany({ where: { caseId, action: 'owner_mobile.record' } });
    expect(audit).toHaveLength(2);
    expect(json(audit)).not.toMatch(/98765|70000/);

    await h.drain();
    const reg = smsOf('registered');
    expect(reg.map((s) => [s.to, s.lang])).toEqual([
      [`+91${ENGLISH_OWNER_MOBILE}`, 'en'],
      [`+91${HINDI_OWNER_MOBILE}`, 'hi'],
    ]);
    expect(reg[0]!.text).toContain('Amer Pound');
  });

  it('the s. 14 report sends each owner the last day to claim from the sale gate', async () => {
    h.clock.set('2026-11-09T10:00:00+05:30');
    await h.drain();
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('REPORTED_S14');
    await h.drain();
    const s14 = smsOf('s14_reported');
    expect(s14).toHaveLength(2);
    // Reported on 9 Nov: a notice that day at the earliest, seven days from it, so no sale before 17 Nov.
    for (const s of s14) {
      expect(s.text).toContain(number);
      expect(s.text).toContain(smsDate('2026-11-16'));
    }
  });

  it('the auction fixed by the officer sends each owner the day and the place', async () => {
    h.clock.set('2026-11-09T11:30:00+05:30');
    await h.send(officer, `/notice ${number}`);
    await h.send(officer, '09.11.2026 10:15');
    await h.send(officer, '', {
      text: undefined,
      photo: [{ file_id: 'notice-photo-1', file_unique_id: 'np1', width: 640, height: 480 }],
    } as never);
    await press(h, officer, 'Kunda');
    await press(h, officer, en('officer:notice.same_time_button'));
    await press(h, officer, 'Amer Haat');
    await h.send(officer, '09.11.2026 11:00');
    await press(h, officer, en('officer:button.record'));
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('NOTICE_POSTED');

    h.clock.set('2026-11-10T10:00:00+05:30');
    await h.send(officer, `/auction ${number}`);
    await press(h, officer, en('officer:auction.schedule_button'));
    await h.send(officer, '17.11.2026 11:00');
    await press(h, officer, en('officer:auction.pound_place_button', { pound: 'Amer Pound' }));
    await press(h, officer, en('officer:auction.usual_conditions_button'));
    await h.send(officer, 'DM/JPR/Pound/12/2026');
    await press(h, officer, en('officer:button.record'));
    expect(await h.deps.db.auction.count({ where: { caseId } })).toBe(1);

    await h.drain();
    const auction = smsOf('auction');
    expect(auction).toHaveLength(2);
    for (const s of auction) {
      expect(s.text).toContain('17.11.2026 11:00');
      expect(s.text).toContain('Amer Pound');
    }
  });

  it('the release sends each owner the receipt code and its verification link', async () => {
    h.clock.set('2026-11-12T10:00:00+05:30');
    const { cardOf } = await declareAndDeliver(h, { caseId, owner });
    await h.reply(keeper, cardOf(keeper), 'ok');
    await h.drain();
    await h.send(keeper, `/release ${number}`);
    const receipt = await h.deps.db.receipt.findFirstOrThrow({ where: { caseId } });
    await h.drain();
    const released = smsOf('released');
    expect(released).toHaveLength(2);
    for (const s of released) {
      expect(s.text).toContain(receipt.verificationCode);
      expect(s.text).toContain(verificationLink(PUBLIC_URL, receipt.verificationCode));
    }
    // Exactly one SMS per owner per event, whatever the reconciler and a second drain do.
    await h.jobs!.runtime.reconcile();
    await h.drain();
    expect(fake().sent).toHaveLength(8);
    expect(await h.deps.db.smsDelivery.count({ where: { status: 'SENT' } })).toBe(8);
  });

  it('keeps the numbers out of every job and Redis key, and out of the outbox', async () => {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    const numbers = [HINDI_OWNER_MOBILE, ENGLISH_OWNER_MOBILE, '98765', '43210', '70000', '12345'];
    try {
      let jobs = 0;
      const q = h.jobs!.runtime.queues.sms;
      for (const job of await q.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'])) {
        if (!job) continue;
        jobs++;
        const seen = `${job.id} ${job.name} ${JSON.stringify(job.data)} ${JSON.stringify(job.returnvalue)}`;
        for (const n of numbers) expect(seen).not.toContain(n);
      }
      expect(jobs).toBe(8);
      for (const key of await keysUnder(redis, h.jobs!.prefix)) {
        const type = await redis.type(key);
        const body =
          type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'zset'
              ? (await redis.zrange(key, 0, -1)).join(' ')
              : type === 'list'
                ? (await redis.lrange(key, 0, -1)).join(' ')
                : type === 'set'
                  ? (await redis.smembers(key)).join(' ')
                  : type === 'string'
                    ? ((await redis.get(key)) ?? '')
                    : '';
        for (const n of numbers) expect(`${key} ${body}`, key).not.toContain(n);
      }
    } finally {
      await redis.quit();
    }
    const outbox = await h.deps.db.outboxEntry.findMany({ where: { jobName: 'sms' } });
    expect(outbox).toHaveLength(8);
    for (const n of numbers) expect(json(outbox)).not.toContain(n);
  });

  it('erases the numbers the retention period after the case ended (by the clock)', async () => {
    await h.jobs!.runtime.reconcile();
    const ended = await h.deps.db.ownerMobile.findMany({ where: { caseId } });
    expect(ended.every((m) => m.caseEndedAt?.getTime() === h.clock.now().getTime())).toBe(true);
    h.clock.advance(179 * 86_400_000);
    await h.jobs!.runtime.reconcile();
    expect(await h.deps.db.ownerMobile.count({ where: { caseId, erasedAt: null } })).toBe(2);
    h.clock.advance(86_400_000);
    const r = await h.jobs!.runtime.reconcile();
    expect(r.mobilesErased).toBe(2);
    const rows = await h.deps.db.ownerMobile.findMany({ where: { caseId } });
    expect(rows.map((m) => [m.cipher, m.numberTag, m.last4, m.erasedAt?.getTime()])).toEqual([
      [null, null, null, h.clock.now().getTime()],
      [null, null, null, h.clock.now().getTime()],
    ]);
    await h.send(keeper, `/mobile ${number}`);
    expect(h.api.sentTo(keeper.id).at(-2)!.text).toContain(en('sms:mobile.line_erased'));
  });
});
