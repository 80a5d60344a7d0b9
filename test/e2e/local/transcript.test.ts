import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAS } from '../../../bot/local/personas';
import type { Db } from '../../../src/db';
import { createTranslator, formatRupees, type Translator } from '../../../src/i18n';
import { addDays, daysBetween, periodFrom, toIstDate } from '../../../src/law';
import { startScriptedChat, type ScriptedChat } from './scripted-chat';
import { blocksTo, choiceOf, last, parseBlocks, type Block } from './transcript-parse';

/**
 * What a newcomer does on a first run, typed into the local chat as a script (piped input, no terminal),
 * checked on the printed transcript and in the database: the owner looks a demo case up in Hindi and sees
 * the dues, claims and pays by UPI; the keeper (who switches to English) confirms by replying to the payment
 * card; the owner's receipt verifies; the keeper registers another case, and `/time +9d` makes the jobs send
 * the officer the s. 14 report for it.
 */
describe('local chat transcript, end to end', () => {
  let chat: ScriptedChat;
  let tr: Translator;
  let db: Db;
  beforeAll(async () => {
    tr = await createTranslator({ strict: true });
    chat = await startScriptedChat({ DEFAULT_LANGUAGE: 'hi' });
    db = chat.handle.app!.deps.db;
  }, 120_000);
  afterAll(async () => {
    expect(await chat?.close()).toBe(0);
  }, 60_000);

  const hi = (key: string, params?: Record<string, unknown>) => tr.t('hi', key, params);
  const en = (key: string, params?: Record<string, unknown>) => tr.t('en', key, params);
  const say = async (line: string) => parseBlocks(await chat.say(line));
  const one = (blocks: Block[], lang: 'hi' | 'en', persona: 'owner' | 'keeper' | 'officer', what: string) =>
    last(blocksTo(tr, blocks, lang, persona), what);

  /** The s. 12 scale and s. 5 rates of the seed, summed independently of the dues service. */
  async function expectedDuesToday(caseId: number): Promise<number> {
    const c = await db.case.findUniqueOrThrow({ where: { id: caseId }, include: { heads: true, pound: true } });
    const from = toIstDate(c.impoundedAt);
    const today = toIstDate(chat.handle.app!.deps.clock.now());
    let total = 0;
    for (const h of c.heads) {
      const scale = await db.fineScale.findFirstOrThrow({
        where: {
          areaId: c.pound.areaId,
          cattleClass: h.cattleClass,
          effectiveFrom: { lte: new Date(`${from}T00:00:00Z`) },
        },
        orderBy: { effectiveFrom: 'desc' },
      });
      total += scale.paisePerHead;
      // Feeding: every India day in the pound, the day of impounding and today both counted (s. 5 rate of that day).
      for (let d = 0; d <= daysBetween(from, today); d++) {
        const day = addDays(from, d);
        const rate = await db.feedingRate.findFirstOrThrow({
          where: {
            poundId: c.poundId,
            cattleClass: h.cattleClass,
            effectiveFrom: { lte: new Date(`${day}T00:00:00Z`) },
          },
          orderBy: { effectiveFrom: 'desc' },
        });
        total += rate.paisePerDay;
      }
    }
    return total;
  }

  it('runs the first-run story and every number shown matches the database', async () => {
    const startup = parseBlocks(chat.transcript());
    expect(chat.transcript()).toContain(hi('local:banner.title'));
    // The demo case impounded 2 days ago in JAI1 (the older one is already past its s. 14 report).
    const demo = await db.case.findFirstOrThrow({
      where: { pound: { code: 'JAI1' } },
      orderBy: { impoundedAt: 'desc' },
    });
    expect(startup.some((b) => b.text.includes(demo.number))).toBe(false);

    // 1. The owner looks the case up, in Hindi, and asks what is due.
    const card = one(await say(demo.number), 'hi', 'owner', 'the case card');
    expect(card.text).toContain(demo.number);
    const dues = await expectedDuesToday(demo.id);
    // A bare number taps the open keyboard.
    const duesMsg = one(await say(String(choiceOf(card, hi('owner:case.dues_button')))), 'hi', 'owner', 'the dues');
    expect(duesMsg.text).toContain(formatRupees(dues, 'hi'));
    expect(duesMsg.text).toContain(hi('common:section', { n: 13 }));

    // 2. Claim (s. 13) as the owner, pay by UPI: the QR code is saved as a file.
    const who = one(
      await say(`/tap ${card.n} ${choiceOf(card, hi('owner:case.claim_button'))}`),
      'hi',
      'owner',
      'owner or agent?',
    );
    await say(String(choiceOf(who, hi('owner:claim.owner_button'))));
    // Two buffaloes in the entry: which are his? All of them.
    const which = one(await say('रमेश कुमार'), 'hi', 'owner', 'which of these are yours?');
    const method = one(
      await say(String(choiceOf(which, hi('owner:heads.all_button')))),
      'hi',
      'owner',
      'how will you pay?',
    );
    const upi = one(await say(String(choiceOf(method, hi('owner:pay.upi_button')))), 'hi', 'owner', 'the UPI QR code');
    const qrLine = upi.lines.find((l) => l.startsWith(hi('local:photo_saved', { path: '' }).trim()));
    expect(qrLine, upi.text).toBeDefined();
    const qrPath = qrLine!.slice(hi('local:photo_saved', { path: '' }).length);
    expect(existsSync(qrPath)).toBe(true);
    expect(readFileSync(qrPath).subarray(1, 4).toString()).toBe('PNG');
    expect(upi.text).toContain(formatRupees(dues, 'hi'));
    await say(String(choiceOf(upi, upi.buttons[0]!)));
    const afterUtr = await say('412345678901');
    const payment = await db.payment.findFirstOrThrow({ where: { caseId: demo.id } });
    expect(payment).toMatchObject({
      status: 'PENDING',
      amountPaise: BigInt(dues),
      method: 'UPI',
      upiRef: '412345678901',
      payerTelegramId: BigInt(PERSONAS.owner.userId),
    });
    // The keeper's payment card arrives through the jobs, labelled for the keeper in the keeper's language.
    const paymentCard = one(afterUtr, 'hi', 'keeper', 'the keeper’s payment card');
    expect(paymentCard.text).toContain(demo.number);
    expect(paymentCard.text).toContain(formatRupees(dues, 'hi'));
    expect(
      await db.paymentCard.count({ where: { paymentId: payment.id, chatId: BigInt(PERSONAS.keeper.userId) } }),
    ).toBe(1);

    // 3. The keeper switches to English (labels follow) and confirms by replying to the card.
    await say('/as keeper');
    const langSet = one(await say('/language en'), 'en', 'keeper', 'the language answer');
    expect(langSet.text).toBe(en('owner:language.set'));
    const confirmed = await say(`/reply ${paymentCard.n} ok`);
    const receipt = await db.receipt.findFirstOrThrow({ where: { paymentId: payment.id } });
    expect(await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: 'CONFIRMED' });
    expect(Number(receipt.amountPaise)).toBe(dues);
    const keeperBlocks = blocksTo(tr, confirmed, 'en', 'keeper');
    const keeperAnswer = keeperBlocks.find((b) =>
      b.text.startsWith(
        en('staff:confirm.done', { caseNumber: demo.number, amount: dues, receiptNumber: receipt.number }).split(
          '\n',
        )[0]!,
      ),
    );
    expect(keeperAnswer?.text).toContain(receipt.number);
    // Then the receipt and the release slip as PDFs, in that order (the slip waits for the receipt): the local chat
    // saves them and shows where.
    const pdfs = keeperBlocks.filter(
      (b) => b.text.includes(en('local:file_saved', { path: '' })) && b.text.includes('.pdf'),
    );
    expect(pdfs.map((b) => b.text.split('\n')[0])).toEqual([
      en('documents:caption.receipt', { number: receipt.number }),
      en('documents:caption.release', { number: demo.number }),
    ]);
    // The owner gets the receipt as a text and then as a PDF (sent through the jobs, so the two may come in
    // either order relative to the keeper’s messages): the receipt is the owner’s last block that is not a saved file.
    const ownerReceipt = last(
      blocksTo(tr, confirmed, 'hi', 'owner').filter((b) => !b.text.includes('.pdf')),
      'the owner’s receipt text',
    );
    expect(ownerReceipt.text).toContain(receipt.number);
    expect(ownerReceipt.text).toContain(formatRupees(dues, 'hi'));
    expect(ownerReceipt.text).toContain(receipt.verificationCode);

    // 4. The receipt verifies.
    await say('/as owner');
    const verified = one(await say(`/verify ${receipt.verificationCode}`), 'hi', 'owner', 'the verification');
    expect(verified.text).toBe(
      hi('owner:verify.ok', {
        receipt: receipt.number,
        number: demo.number,
        amount: receipt.amountPaise,
        at: receipt.issuedAt.toISOString(),
        kind: hi(`owner:verify.kind_${receipt.kind}`),
      }),
    );

    // 5. The keeper registers another case (s. 8); a week and a day later the jobs report it to the officer (s. 14).
    await say('/as keeper');
    const classes = one(await say('/register'), 'en', 'keeper', 'the cattle classes');
    await say(String(choiceOf(classes, en('common:cattle.cow'))));
    await say('1');
    const photo = one(await say('brown, white tail'), 'en', 'keeper', 'the photo question');
    expect(photo.buttons).toContain(en('staff:register.skip_photo_button'));
    // A photo from a file (any image will do: the owner's QR code from above).
    expect(await chat.say('/photo /no/such/file.jpg')).toContain(
      en('local:error.photo_missing', { path: '/no/such/file.jpg' }),
    );
    const more = one(await say(`/photo ${qrPath}`), 'en', 'keeper', 'more kinds?');
    const when = one(await say(String(choiceOf(more, en('staff:register.done_button')))), 'en', 'keeper', 'when?');
    const seized = one(
      await say(String(choiceOf(when, en('staff:register.now_button')))),
      'en',
      'keeper',
      'when seized?',
    );
    await say(String(choiceOf(seized, en('staff:register.seized_same_button'))));
    await say('Ramu');
    const ownerName = one(await say('Kunda'), 'en', 'keeper', 'owner’s name?');
    await say(String(choiceOf(ownerName, en('staff:register.owner_unknown_button'))));
    const confirm = one(await say('Kunda'), 'en', 'keeper', 'the entry to confirm');
    await say(String(choiceOf(confirm, en('staff:register.save_button'))));
    const fresh = await db.case.findFirstOrThrow({
      where: { pound: { code: 'JAI1' } },
      orderBy: { id: 'desc' },
      include: { pound: true, heads: true },
    });
    expect(fresh.id).not.toBe(demo.id);
    expect(fresh.placeOfSeizure).toBe('Kunda');
    expect(fresh.heads.map((h) => h.photoFileId?.startsWith('local-upload-'))).toEqual([true]);
    const officerBefore = blocksTo(tr, parseBlocks(chat.transcript()), 'hi', 'officer');
    expect(officerBefore.some((b) => b.text.includes(fresh.number))).toBe(false);

    await say('/as officer');
    // The day-8 report goes out at 09:00 IST (office hours): nine days on is past it whatever the hour the
    // test runs at (eight days on is not, between midnight and 09:00 IST).
    const jumped = await say('/time +9d');
    const reportTitle = (number: string) => hi('jobs:s14_report.to_officer', { number, count: 2 }).split('\n')[0]!;
    const report = blocksTo(tr, jumped, 'hi', 'officer').find((b) => b.text.startsWith(reportTitle(fresh.number)));
    expect(report, chat.transcript().slice(-4000)).toBeDefined();
    expect(report!.text).toBe(
      hi('jobs:s14_report.to_officer', {
        number: fresh.number,
        count: fresh.heads.length,
        impoundedAt: fresh.impoundedAt.toISOString(),
        lastDay: periodFrom(toIstDate(fresh.impoundedAt), { days: 7 }).lastDay,
        place: fresh.placeOfSeizure,
        pound: fresh.pound.nameHi,
      }),
    );
    expect((await db.case.findUniqueOrThrow({ where: { id: fresh.id } })).reportedAt).not.toBeNull();
    // The claimed case is not reported: its owner paid (s. 13).
    expect(blocksTo(tr, jumped, 'hi', 'officer').some((b) => b.text.startsWith(reportTitle(demo.number)))).toBe(false);
  }, 240_000);
});
