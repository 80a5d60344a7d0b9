import { afterAll, describe, expect, it, vi } from 'vitest';
import { createHttpServer, type HttpServer } from '../../../src/http/server';
import { SMS_INBOUND_PATH } from '../../../src/http/sms-inbound';
import { Metrics } from '../../../src/observability/metrics';
import { recordClaim } from '../../../src/services/claims';
import { addToOutbox } from '../../../src/services/outbox';
import { type FakeSmsProvider, MobileVault, smsJobKey, stopLine } from '../../../src/services/sms';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { inLanguage, lastText, press } from '../../support/press';

// The owner's say over the SMS to his number, through the real bot, the real jobs runtime (BullMQ on Redis) and the
// real HTTP server: /sms off in the chat that claimed the case holds back an SMS already queued (the sender checks
// again when it sends), a STOP replied by SMS does the same for every case of the number and outlives a new record
// of it, a forged reply changes nothing, and an SMS about anything but the owner's own case needs his own consent.
const KEY = Buffer.alloc(32, 21).toString('base64');
const SECRET = 'inbound-secret-0123456789abcdef';
const OWNER_MOBILE = '9829000011';
const OTHER_MOBILE = '9829000022';
const basic = (password: string) => `Basic ${Buffer.from(`sns:${password}`).toString('base64')}`;

describe("the owner's say over his SMS (e2e)", () => {
  const keeper: TestUser = { id: 6401, firstName: 'Suresh', languageCode: 'en' };
  const owner: TestUser = { id: 6402, firstName: 'Ramesh', languageCode: 'en' };
  const stranger: TestUser = { id: 6403, firstName: 'Mukesh', languageCode: 'en' };
  const staff: SuiteStaff[] = [[keeper, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar']];
  const cases: Array<{ id: number; number: string }> = [];
  let http: HttpServer;
  const h = botSuite(
    {
      start: '2026-11-02T10:00:00+05:30',
      seededAt: ist('2026-11-01 09:00'),
      jobs: true,
      staff,
      env: { SMS_PROVIDER: 'fake', SMS_DATA_KEY: KEY, SMS_INBOUND_SECRET: SECRET },
      jobsTuning: { smsBackoffBaseMs: 20, smsMaxBackoffMs: 50 },
    },
    async (h) => {
      for (const place of ['Kunda', 'Samod', 'Chomu']) {
        const c = await caseFixture(h.deps.db, {
          pound: 'JAI1',
          impoundedAt: '2026-11-01T10:00:00+05:30',
          place,
          heads: [['cow', 'brown']],
        }).build();
        cases.push({ id: c.id, number: c.number });
      }
      http = await createHttpServer({ config: h.deps.config, deps: h.deps, metrics: new Metrics() });
    },
  );
  afterAll(() => http?.app.close());
  const en = inLanguage(h, 'en');
  const fake = () => h.deps.sms!.provider as FakeSmsProvider;
  const tag = (digits: string) => new MobileVault(KEY).tag(digits);

  async function recordMobile(caseNumber: string, digits: string) {
    await h.send(keeper, `/mobile ${caseNumber}`);
    await h.send(keeper, digits);
    await press(h, keeper, en('sms:record.en'));
  }
  const inbound = (auth: string | undefined, body: string) =>
    http.app.inject({
      method: 'POST',
      url: SMS_INBOUND_PATH,
      headers: {
        'content-type': 'text/plain; charset=UTF-8',
        'x-amz-sns-message-type': 'Notification',
        ...(auth ? { authorization: auth } : {}),
      },
      payload: body,
    });
  const reply = (from: string, text: string) =>
    JSON.stringify({
      Type: 'Notification',
      MessageId: 'a1',
      TopicArn: 'arn:aws:sns:ap-south-1:123456789012:kanji-replies',
      Message: JSON.stringify({
        originationNumber: from,
        destinationNumber: '+919000000000',
        messageKeyword: 'KEYWORD_123456789012',
        messageBody: text,
        inboundMessageId: 'in-1',
      }),
    });

  it('/sms off from the chat that claimed the case holds back an SMS already queued, and is audited', async () => {
    const [a] = cases;
    await h.deps.db.telegramUser.create({ data: { id: BigInt(owner.id), firstName: owner.firstName } });
    await recordClaim(h.deps.db, {
      caseId: a!.id,
      kind: 'S13_CLAIM',
      telegramUserId: BigInt(owner.id),
      claimantName: 'Ramesh',
      isAgent: false,
      ownerName: 'Ramesh',
      intendsComplaint: false,
    });
    // The provider is down: the registration SMS is queued and tried, and still owed.
    fake().failWhile = () => true;
    await recordMobile(a!.number, OWNER_MOBILE);
    await h.drain();
    expect(fake().sent).toHaveLength(0);
    expect((await h.deps.db.smsDelivery.findFirstOrThrow()).status).toBe('PENDING');

    // /help tells an owner how to stop SMS, or to ask for more.
    await h.send(owner, '/help');
    expect(lastText(h, owner)).toContain(en('sms:owner.usage'));

    // Someone who did not claim the case cannot stop its SMS.
    await h.send(stranger, '/sms off');
    expect(lastText(h, stranger)).toBe(en('sms:owner.none'));
    expect(await h.deps.db.ownerMobile.count({ where: { stoppedAt: { not: null } } })).toBe(0);

    await h.send(owner, '/sms off');
    expect(lastText(h, owner)).toBe(en('sms:owner.off_done', { cases: a!.number, masked: '******0011' }));
    await h.send(owner, '/sms off');
    expect(lastText(h, owner)).toBe(en('sms:owner.off_already'));
    expect(await h.deps.db.auditEvent.count({ where: { action: 'sms.stop' } })).toBe(1);
    const stop = await h.deps.db.auditEvent.findFirstOrThrow({ where: { action: 'sms.stop' } });
    expect([stop.caseId, stop.actorTelegramId, stop.actorRole]).toEqual([a!.id, BigInt(owner.id), 'owner']);
    expect(stop.details).toMatchObject({ via: 'chat', masked: ['******0011'] });

    // The provider is back and the owed SMS is revived: it is not sent.
    fake().failWhile = undefined;
    await h.jobs!.runtime.reconcile();
    await h.drain();
    expect(fake().sent).toHaveLength(0);
    expect(await h.deps.db.smsDelivery.findFirstOrThrow()).toMatchObject({
      status: 'UNREACHABLE',
      lastError: 'stopped',
    });

    // /sms on starts them again (audited); the next SMS of the case goes.
    await h.send(owner, '/sms on');
    expect(lastText(h, owner)).toBe(en('sms:owner.on_done', { cases: a!.number, masked: '******0011' }));
    expect(await h.deps.db.auditEvent.count({ where: { action: 'sms.resume', caseId: a!.id } })).toBe(1);
    const m = await h.deps.db.ownerMobile.findFirstOrThrow({ where: { caseId: a!.id } });
    await h.deps.db.$transaction((tx) =>
      addToOutbox(
        tx,
        { name: 'sms', payload: { mobileId: m.id, caseId: a!.id, event: 'released_order' } },
        smsJobKey('released_order', a!.id, null, m.id),
        h.clock.now(),
      ),
    );
    await h.drain();
    expect(fake().sent.map((s) => s.templateKey)).toEqual(['released_order.en']);
  });

  it('a STOP replied by SMS stops the number at once, for every case; a forged reply changes nothing', async () => {
    const [, b, c] = cases;
    fake().sent.length = 0;
    await recordMobile(b!.number, OTHER_MOBILE);
    // Queued, not yet sent.
    expect(await h.deps.db.outboxEntry.count({ where: { jobKey: { startsWith: 'sms:registered' } } })).toBe(2);

    // Forged: no credentials, a wrong secret, a secret of the right length but wrong.
    expect((await inbound(undefined, reply(`+91${OTHER_MOBILE}`, 'STOP'))).statusCode).toBe(401);
    const challenged = await inbound(basic('wrong'), reply(`+91${OTHER_MOBILE}`, 'STOP'));
    expect([challenged.statusCode, challenged.headers['www-authenticate']]).toEqual([401, 'Basic realm="sms-inbound"']);
    expect((await inbound(basic(SECRET.replace(/.$/, 'X')), reply(`+91${OTHER_MOBILE}`, 'STOP'))).statusCode).toBe(401);
    expect(await h.deps.db.smsOptOut.count()).toBe(0);
    expect(await h.deps.db.ownerMobile.count({ where: { stoppedVia: 'sms' } })).toBe(0);

    const ok = await inbound(basic(SECRET), reply(`+91${OTHER_MOBILE}`, 'stop please'));
    expect(ok.statusCode).toBe(200);
    expect(await h.deps.db.smsOptOut.findUnique({ where: { numberTag: tag(OTHER_MOBILE) } })).toMatchObject({
      via: 'sms',
    });
    const audit = await h.deps.db.auditEvent.findMany({ where: { action: 'sms.stop', caseId: b!.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ via: 'sms', masked: ['******0022'] });
    expect(JSON.stringify(audit.map((e) => e.details))).not.toContain('98290');

    await h.drain();
    expect(fake().sent).toHaveLength(0);
    expect(await h.deps.db.smsDelivery.findFirstOrThrow({ where: { key: { contains: `c${b!.id}:` } } })).toMatchObject({
      status: 'UNREACHABLE',
      lastError: 'stopped',
    });

    // The same number recorded for another case later: recorded, stopped, nothing queued.
    await recordMobile(c!.number, OTHER_MOBILE);
    expect(lastText(h, keeper)).toBe(en('sms:record.stopped_before'));
    // The keeper sees that it is stopped, never why or by whom beyond that.
    await h.send(keeper, `/mobile ${c!.number}`);
    expect(h.api.sentTo(keeper.id).at(-2)!.text).toContain(
      en('sms:record.line_stopped', { masked: '******0022', language: en('sms:language.en') }),
    );
    await h.send(keeper, '/cancel');
    expect(await h.deps.db.ownerMobile.findFirstOrThrow({ where: { caseId: c!.id } })).toMatchObject({
      stoppedVia: 'sms',
      basis: 'LEGAL_FUNCTION',
    });
    await h.drain();
    expect(fake().sent).toHaveLength(0);

    // A subscription confirmation is fetched only from SNS itself, never from an address the request names.
    const fetched: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      fetched.push(String(url));
      return new Response('ok');
    });
    try {
      const confirm = (url: string) =>
        inbound(basic(SECRET), JSON.stringify({ Type: 'SubscriptionConfirmation', SubscribeURL: url }));
      expect((await confirm('https://attacker.example/confirm')).statusCode).toBe(200);
      expect((await confirm('http://sns.ap-south-1.amazonaws.com/?Action=ConfirmSubscription')).statusCode).toBe(200);
      expect(fetched).toEqual([]);
      await confirm('https://sns.ap-south-1.amazonaws.com/?Action=ConfirmSubscription&Token=t');
      expect(fetched).toEqual(['https://sns.ap-south-1.amazonaws.com/?Action=ConfirmSubscription&Token=t']);
    } finally {
      spy.mockRestore();
    }

    // START from the number starts them again.
    expect((await inbound(basic(SECRET), reply(`+91${OTHER_MOBILE}`, 'START'))).statusCode).toBe(200);
    expect(await h.deps.db.smsOptOut.count()).toBe(0);
    expect(await h.deps.db.ownerMobile.count({ where: { stoppedAt: { not: null } } })).toBe(0);
    expect(await h.deps.db.auditEvent.count({ where: { action: 'sms.resume', caseId: c!.id } })).toBe(1);
  });

  it('sends nothing beyond the owner’s own case without his own consent, given by a code to his number', async () => {
    const [a, b] = cases;
    fake().sent.length = 0;
    const m = await h.deps.db.ownerMobile.findFirstOrThrow({ where: { caseId: a!.id } });
    const beyond = (key: string) =>
      h.deps.db.$transaction((tx) =>
        addToOutbox(
          tx,
          { name: 'sms', payload: { mobileId: m.id, caseId: b!.id, event: 'released_order' } },
          `${smsJobKey('released_order', b!.id, null, m.id)}:${key}`,
          h.clock.now(),
        ),
      );
    await beyond('1');
    await h.drain();
    expect(fake().sent).toHaveLength(0);
    expect(await h.deps.db.smsDelivery.findFirstOrThrow({ where: { key: { endsWith: ':1' } } })).toMatchObject({
      status: 'UNREACHABLE',
      lastError: 'no_consent',
    });
    // His own act, in his own chat: the number he types gets a code, which he types back.
    await h.send(owner, '/sms more');
    expect(lastText(h, owner)).toBe(en('sms:owner.more_ask'));
    await h.send(owner, '9000000001');
    expect(lastText(h, owner)).toBe(en('refusal:SMS_CODE_NOT_YOURS'));
    expect(await h.deps.db.smsCode.count()).toBe(0);
    await h.send(owner, '/sms more');
    await h.send(owner, OWNER_MOBILE);
    expect(lastText(h, owner)).toBe(en('sms:owner.code_sent', { masked: '******0011' }));
    await h.drain();
    const codeSms = fake().sent.filter((s) => s.templateKey === 'code.en');
    expect(codeSms.map((s) => s.to)).toEqual([`+91${OWNER_MOBILE}`]);
    expect(codeSms[0]!.text.endsWith(stopLine('en'))).toBe(true);
    const code = /is (\d{6})\./.exec(codeSms[0]!.text)![1]!;
    // Only the hash is kept once it is sent; a wrong code costs a try.
    expect((await h.deps.db.smsCode.findFirstOrThrow()).code).toBeNull();
    await h.send(owner, code === '000000' ? '111111' : '000000');
    expect(lastText(h, owner)).toBe(en('sms:owner.code_wrong', { count: 2 }));
    expect((await h.deps.db.ownerMobile.findUniqueOrThrow({ where: { id: m.id } })).basis).toBe('LEGAL_FUNCTION');
    await h.send(owner, code);
    expect(lastText(h, owner)).toBe(en('sms:owner.consented', { masked: '******0011' }));
    expect(await h.deps.db.ownerMobile.findUniqueOrThrow({ where: { id: m.id } })).toMatchObject({
      basis: 'OWN_CONSENT',
      ownConsentVia: 'code',
      ownConsentAt: h.clock.now(),
    });
    const given = await h.deps.db.auditEvent.findFirstOrThrow({ where: { action: 'sms.own_consent' } });
    expect([given.caseId, given.actorTelegramId, given.details]).toEqual([
      a!.id,
      BigInt(owner.id),
      { mobileId: m.id, masked: '******0011', via: 'code' },
    ]);

    fake().sent.length = 0;
    await beyond('2');
    await h.drain();
    expect(fake().sent.map((s) => s.templateKey)).toEqual(['released_order.en']);

    // /sms off withdraws it as easily: nothing beyond his case, nor about it, goes.
    await h.send(owner, '/sms off');
    expect((await h.deps.db.ownerMobile.findUniqueOrThrow({ where: { id: m.id } })).basis).toBe('LEGAL_FUNCTION');
    await beyond('3');
    await h.drain();
    expect(fake().sent).toHaveLength(1);
  });
});
