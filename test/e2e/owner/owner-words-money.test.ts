import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../../src/i18n';
import type { BotHarness, TestUser } from '../../support/bot-harness';
import { buttonsOf, claimIntro, footprint, KUNDA_HEADS, lastButton, ownerHarness, t } from './owner-harness';

/**
 * Owners in their own words, the second round, through the real bot, each class in Devanagari, Hinglish and
 * English: "I have already paid" (typing records nothing; the keeper confirms; the state of his claim and one
 * button), how to pay (UPI apps, phone, QR, cash — never the keeper's number, never "cancel"), a day in the
 * question (that day's dues at once), an animal beside a question (the question wins), dialect forms, small talk
 * ("did you mean"), thanks with more words, "is this receipt genuine", the keeper's number.
 */
describe('owner: money, days, dialects and small talk in free text', () => {
  let h: BotHarness;
  const KUNDA = 'JAI1-2026-1';
  const hindi: TestUser = { id: 9401, firstName: 'रमेश', languageCode: 'hi' };
  const hinglish: TestUser = { id: 9402, firstName: 'Ramesh', languageCode: 'hi' };
  const english: TestUser = { id: 9403, firstName: 'Sunita', languageCode: 'en' };
  const forms = (deva: string, latin: string, en: string) =>
    [
      [hindi, deva],
      [hinglish, latin],
      [english, en],
    ] as const;

  beforeAll(async () => {
    h = await ownerHarness();
    for (const u of [hindi, hinglish, english]) await h.send(u, `/case ${KUNDA}`);
  });
  afterAll(() => h?.close());

  const langOf = (u: TestUser): Lang => (u.languageCode === 'hi' ? 'hi' : 'en');
  const pound = (u: TestUser) => (langOf(u) === 'hi' ? 'आमेर कांजी हाउस' : 'Amer Pound');
  const ask = async (u: TestUser, text: string) => {
    const from = h.api.sentTo(u.id).length;
    await h.send(u, text);
    const got = h.api.sentTo(u.id).slice(from);
    expect(got.length, text).toBeGreaterThan(0);
    return got;
  };
  const actions = (payload: Record<string, unknown>) => buttonsOf(payload).map((b) => b.data.split('|')[0]);
  const tap = async (u: TestUser, action: string) => {
    const from = h.api.sentTo(u.id).length;
    await h.tap(u, lastButton(h, u.id, action)!.data);
    return h.api.sentTo(u.id).slice(from);
  };

  it('"I have already paid", before any claim: typing records nothing, how the keeper confirms, the Claim button', async () => {
    const before = await footprint(h);
    for (const [u, text] of forms(
      'मैंने तो कल ही पैसे भर दिए',
      'bhai maine gpay se 850 bhej diye',
      'I already paid the fine in cash',
    )) {
      const [answer] = await ask(u, text);
      const lang = langOf(u);
      expect(answer!.text, text).toBe(
        `${t(h, lang, 'intent:paid.typing_records_nothing', { pound: pound(u) })}\n\n${t(h, lang, 'intent:paid.no_claim', { number: KUNDA })}`,
      );
      expect(actions(answer!.payload), text).toEqual(['cl']);
    }
    expect(await footprint(h)).toEqual(before);
  });

  it('how to pay (UPI apps, phone, QR, cash): the ways and the claim’s first step — never the keeper’s number, never cancel', async () => {
    const before = await footprint(h);
    for (const [u, text] of [
      ...forms('फोन पे से पैसा भेज सकता हूँ क्या', 'cash lekar aaun kya kanji house', 'can I pay with PhonePe or by QR code'),
      ...forms('नकद दे दूँगा वहीं आकर', 'paytm chalega kya', 'I will bring cash to the pound'),
    ]) {
      const got = await ask(u, text);
      const lang = langOf(u);
      expect(got[0]!.text, text).toBe(t(h, lang, 'intent:pay.ways', { pound: pound(u), number: KUNDA }));
      expect(got[1]!.text, text).toBe(
        claimIntro(
          h,
          lang,
          'owner:claim.intro',
          KUNDA,
          KUNDA_HEADS.map((d) => ['buffalo', d]),
        ),
      );
      expect(actions(got[1]!.payload), text).toEqual(['who', 'who']);
      for (const m of got) {
        expect(m.text, text).not.toContain('0141 253 0100');
        expect(m.text, text).not.toBe(t(h, lang, 'owner:nothing_to_cancel'));
      }
    }
    expect(await footprint(h)).toEqual(before);
  });

  it('a day in the question: that day’s dues at once, as "If I come on…" gives them', async () => {
    for (const [u, text, day] of [
      [hindi, 'परसों आऊँ तो कितना देना होगा', '2026-12-01'],
      [hinglish, 'kal aaunga to kitne paise lagenge', '2026-11-30'],
      [english, 'how much if I come on Friday', '2026-12-04'],
      [hindi, 'तीन दिन बाद कितना लगेगा', '2026-12-02'],
      [hinglish, 'agle hafte kitna ho jayega', '2026-12-06'],
      [english, 'what will I owe on the 3rd', '2026-12-03'],
    ] as const) {
      const [typed] = await ask(u, text);
      const [command] = await ask(u, `/dues ${KUNDA} ${day}`);
      expect(typed!.text, text).toBe(command!.text);
      expect(actions(typed!.payload), text).toEqual(['wi', 'cl']);
    }
  });

  it('an animal named beside a question: the question wins, no search', async () => {
    for (const [u, text] of forms(
      'मेरी काली भैंस का कितना पैसा लगेगा',
      'meri do bhains ka kitna dena hai',
      'how much for my two buffaloes',
    )) {
      const [answer] = await ask(u, text);
      expect(answer!.text, text).not.toBe(t(h, langOf(u), 'owner:search.results'));
      expect(answer!.text, text).toContain(KUNDA);
      expect(actions(answer!.payload), text).toEqual(['wi', 'cl']);
    }
  });

  it('taking the animals away, an animal named: the claim’s first step for this case, no search', async () => {
    for (const [u, text] of [
      ...forms('मुझे अपनी भैंस घर ले जानी है', 'apni bhains leni hai', 'I want to take my buffalo home'),
      ...forms('भैंस लेने आया हूँ', 'bhains le jani hai aaj', 'I have come to collect my buffaloes'),
    ]) {
      const [answer] = await ask(u, text);
      expect(answer!.text, text).toBe(
        claimIntro(
          h,
          langOf(u),
          'owner:claim.intro',
          KUNDA,
          KUNDA_HEADS.map((d) => ['buffalo', d]),
        ),
      );
      expect(actions(answer!.payload), text).toEqual(['who', 'who']);
    }
  });

  it('Rajasthani/Marwari, Haryanvi and Bhojpuri forms are understood', async () => {
    for (const [u, text, screen] of [
      [hindi, 'म्हारी भैंस रो कितरो पैसो लागसी', 'dues'],
      [hinglish, 'mhari bhains ka kitro lagsi', 'dues'],
      [hindi, 'कितणा पैसा देणा पड़सी', 'dues'],
      [hinglish, 'hamar gaiya ke ketna lagi', 'dues'],
      [hindi, 'कांजी हाउस कठे है', 'pound'],
      [hinglish, 'nilami kad hosi', 'next'],
    ] as const) {
      const [answer] = await ask(u, text);
      if (screen === 'dues') expect(actions(answer!.payload), text).toEqual(['wi', 'cl']);
      if (screen === 'pound')
        expect(answer!.text, text).toContain(t(h, 'hi', 'intent:pound.title', { pound: pound(u), number: KUNDA }));
      if (screen === 'next') expect(answer!.text, text).toContain(KUNDA);
    }
  });

  it('small talk and calls for attention get "did you mean", never "no case found"', async () => {
    for (const [u, text] of forms('कोई सुन रहा है क्या', 'kaise ho bhai', 'hello is anybody there')) {
      const [answer] = await ask(u, text);
      const lang = langOf(u);
      expect(answer!.text, text).toBe(`${t(h, lang, 'intent:unsure')}\n\n${t(h, lang, 'intent:unsure_hint')}`);
      expect(buttonsOf(answer!.payload).length, text).toBeGreaterThanOrEqual(2);
    }
  });

  it('thanks with more words is thanks; "is this receipt genuine" is verify; the keeper’s number is contact', async () => {
    const before = await footprint(h);
    for (const [u, text] of forms(
      'बहुत बहुत धन्यवाद आपने बड़ी मदद की',
      'shukriya bhai sab samajh aa gaya',
      'thank you so much for all the help',
    )) {
      const [answer] = await ask(u, text);
      expect(answer!.text, text).toBe(t(h, langOf(u), 'intent:thanks'));
    }
    for (const [u, text] of forms('यह रसीद असली है या नकली', 'ye parchi sahi hai kya', 'is this receipt genuine')) {
      const [answer] = await ask(u, text);
      expect(answer!.text, text).toBe(t(h, langOf(u), 'intent:receipt.how'));
    }
    for (const [u, text] of forms(
      'रखवाले का फोन नंबर दो',
      'kanji house wale ka mobile number do',
      "give me the keeper's phone number",
    )) {
      const got = await ask(u, text);
      expect(got.at(-1)!.text, text).toContain(
        t(h, langOf(u), 'intent:keeper.phone', { pound: pound(u), number: KUNDA, phone: '0141 253 0100' }),
      );
    }
    expect(await footprint(h)).toEqual(before);
  });

  it('a voice note through the speech service: "I heard: …" shown back, the same understanding, nothing recorded', async () => {
    const before = await footprint(h);
    const said = new Map<number, string>([
      [hindi.id, 'मैंने पैसे भर दिए'],
      [hinglish.id, 'kal aaun to kitna lagega'],
      [english.id, 'where is the pound'],
    ]);
    let who = 0;
    h.deps.speechToText = { transcribe: async () => said.get(who) ?? null };
    try {
      for (const u of [hindi, hinglish, english]) {
        who = u.id;
        const from = h.api.sentTo(u.id).length;
        await h.send(u, '', {
          text: undefined,
          voice: { file_id: `v${u.id}`, file_unique_id: `v${u.id}`, duration: 3 },
        } as never);
        const [heard, answer] = h.api.sentTo(u.id).slice(from);
        const lang = langOf(u);
        expect(heard!.text).toBe(t(h, lang, 'intent:heard', { text: said.get(u.id) }));
        if (u === hindi) expect(answer!.text).toContain(t(h, lang, 'intent:paid.no_claim', { number: KUNDA }));
        if (u === hinglish) expect(answer!.text).toBe((await ask(u, `/dues ${KUNDA} 2026-11-30`))[0]!.text);
        if (u === english)
          expect(answer!.text).toContain(t(h, lang, 'intent:pound.title', { pound: pound(u), number: KUNDA }));
      }
    } finally {
      delete h.deps.speechToText;
    }
    expect(await footprint(h)).toEqual(before);
  });

  // Last: declaring a payment changes the case's state (the claim button goes), which the tests above read.
  it('with a claim made by taps: "paid" shows the claim waiting and the payment choice; once declared, it waits for the keeper', async () => {
    const u = english;
    await h.send(u, `/case ${KUNDA}`);
    await tap(u, 'cl');
    await h.tap(u, buttonsOf(h.api.sentTo(u.id).at(-1)!.payload).find((b) => b.data.startsWith('who|'))!.data);
    await h.send(u, 'Sunita Devi');
    // Two buffaloes in the Kunda case: "which are yours?" — all of them.
    if (lastButton(h, u.id, 'hda')) {
      await tap(u, 'hda');
      await tap(u, 'hdd');
    }
    const claims = await h.deps.db.claim.count({ where: { telegramUserId: BigInt(u.id) } });
    expect(claims).toBe(1);
    const before = await footprint(h);
    const [open] = await ask(u, 'I have already paid');
    expect(open!.text).toContain(t(h, 'en', 'intent:paid.claim_open', { number: KUNDA }));
    expect(actions(open!.payload)).toEqual(['pyc']);
    // "how do I pay" now opens the payment choice itself: cash (and UPI when the pound has an official id).
    const [choice] = await ask(u, 'how can I pay, cash or google pay?');
    expect(actions(choice!.payload)[0]).toBe('pm');
    expect(await footprint(h)).toEqual(before);
    // The owner's own taps declare the payment: cash, then "I have paid ₹…".
    await h.tap(u, buttonsOf(choice!.payload)[0]!.data);
    await tap(u, 'ip');
    const declared = await h.deps.db.payment.findFirstOrThrow({ where: { payerTelegramId: BigInt(u.id) } });
    expect(declared.status).toBe('PENDING');
    const after = await footprint(h);
    const [pending] = await ask(u, 'payment done, I paid at the pound');
    expect(pending!.text).toContain(
      t(h, 'en', 'intent:paid.pending', {
        amount: Number(declared.amountPaise),
        number: KUNDA,
        date: declared.declaredAt.toISOString().slice(0, 10),
        method: t(h, 'en', 'owner:pay.method_CASH'),
      }),
    );
    expect(actions(pending!.payload)).toEqual(['ic']);
    expect(await footprint(h)).toEqual(after);
  });
});
