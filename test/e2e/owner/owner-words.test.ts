import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../../src/i18n';
import type { BotHarness, TestUser } from '../../support/bot-harness';
import { buttonsOf, footprint, ownerHarness, t } from './owner-harness';

/**
 * Owners in their own words, through the real bot: each intent typed in Devanagari, in Hindi in Latin letters and
 * in English opens the screen its button opens, for the case last opened in the chat; an unclear message gets
 * "did you mean" buttons (one is pressed); a voice note gets a written answer; a search still finds the case; and
 * nothing typed records a claim, a payment, a deposit or a subscription.
 */
describe('owner: intents from free text', () => {
  let h: BotHarness;
  let kundaId: number;
  const KUNDA = 'JAI1-2026-1';
  const hindi: TestUser = { id: 9301, firstName: 'रमेश', languageCode: 'hi' };
  const hinglish: TestUser = { id: 9302, firstName: 'Ramesh', languageCode: 'hi' };
  const english: TestUser = { id: 9303, firstName: 'Sunita', languageCode: 'en' };
  const stranger: TestUser = { id: 9304, firstName: 'Mohan', languageCode: 'en' };

  beforeAll(async () => {
    h = await ownerHarness();
    kundaId = (await h.deps.db.case.findUniqueOrThrow({ where: { number: KUNDA } })).id;
    for (const u of [hindi, hinglish, english]) await h.send(u, `/case ${KUNDA}`);
  });
  afterAll(() => h?.close());

  const langOf = (u: TestUser): Lang => (u.languageCode === 'hi' ? 'hi' : 'en');
  /** What the bot sent a chat after `from` messages. */
  const sentSince = (u: TestUser, from: number) => h.api.sentTo(u.id).slice(from);
  /** Sends `text` and returns what came back (one or more messages). */
  const ask = async (u: TestUser, text: string) => {
    const from = h.api.sentTo(u.id).length;
    await h.send(u, text);
    const got = sentSince(u, from);
    expect(got.length, text).toBeGreaterThan(0);
    return got;
  };
  /** What a command sends, for comparing a typed intent with its command or button. */
  const screenOf = async (u: TestUser, command: string) => (await ask(u, command)).map((m) => m.text);
  const actions = (payload: Record<string, unknown>) => buttonsOf(payload).map((b) => b.data.split('|')[0]);

  /** Each intent in the three forms: Devanagari (for `hindi`), Hinglish (for `hinglish`), English (for `english`). */
  const FORMS: Array<[intent: string, deva: string, latin: string, en: string]> = [
    ['dues', 'मुझे कितना पैसा भरना पड़ेगा', 'kitana paisa dena padega', 'how much do I have to pay'],
    ['claim', 'मुझे अपनी भैंस वापस चाहिए', 'meri bhains wapas chahiye', 'I want my buffalo back'],
    ['protest', 'जब्ती गलत हुई है', 'jabti galat hui hai', 'the seizure was wrong'],
    ['pound', 'कांजी हाउस कहाँ है', 'kanji house kahan hai', 'where is the pound'],
    ['next', 'नीलामी कब होगी', 'neelami kab hogi', 'when is the auction'],
    ['receipt', 'मेरी रसीद कहाँ है', 'meri raseed kaha hai', 'where is my receipt'],
    ['mycases', 'मेरे प्रकरण दिखाओ', 'mere case dikhao', 'show my cases'],
    ['follow', 'मुझे इस प्रकरण की खबर देते रहना', 'mujhe khabar dete rehna', 'keep me informed about this case'],
    ['help', 'मदद चाहिए', 'madad chahiye', 'help me please'],
    ['greeting', 'नमस्ते', 'ram ram', 'good morning'],
    ['thanks', 'धन्यवाद', 'shukriya', 'thank you'],
    ['language', 'अंग्रेज़ी में बताइए', 'english me batao', 'English please'],
    ['cancel', 'रहने दो', 'rehne do', 'never mind'],
    ['keeper', 'रखवाले से बात करनी है', 'rakhwale se baat karni hai', 'I want to talk to the keeper'],
  ];

  /** Checks that what `u` got for `intent` is that intent's screen for the Kunda case. */
  async function expectScreen(u: TestUser, intent: string, got: Awaited<ReturnType<typeof ask>>, text: string) {
    const lang = langOf(u);
    const last = got.at(-1)!;
    const first = got[0]!;
    switch (intent) {
      case 'dues':
        // The dues screen of the case (its buttons: "If I come on…" and Claim), as the card's Dues button opens it.
        expect(first.text, text).toContain(KUNDA);
        expect(actions(first.payload), text).toEqual(['wi', 'cl']);
        break;
      case 'claim':
        expect(first.text, text).toBe(t(h, lang, 'owner:claim.intro', { number: KUNDA }));
        expect(actions(first.payload), text).toEqual(['who', 'who']);
        break;
      case 'protest':
        expect(first.text, text).toContain(KUNDA);
        expect(actions(first.payload), text).toEqual(['pi', 'pi']);
        break;
      case 'pound': {
        const name = lang === 'hi' ? 'आमेर कांजी हाउस' : 'Amer Pound';
        expect(first.text, text).toContain(t(h, lang, 'intent:pound.title', { pound: name, number: KUNDA }));
        expect(first.text, text).toContain(
          t(h, lang, 'intent:pound.hours', {
            hours: lang === 'hi' ? 'रोज़ सुबह 8 बजे से शाम 6 बजे तक' : '8 am to 6 pm, every day',
          }),
        );
        const venue = h.api.calls.filter((c) => c.method === 'sendVenue' && Number(c.payload.chat_id) === u.id).at(-1);
        expect(venue?.payload, text).toMatchObject({ latitude: 26.9855, longitude: 75.8513, title: name });
        break;
      }
      case 'next':
        expect(first.text, text).toContain(
          t(h, lang, 'intent:next.title', { number: KUNDA, status: t(h, lang, 'common:status.IMPOUNDED') }),
        );
        expect(first.text, text).toContain(t(h, lang, 'owner:next.claim_by', { date: '2026-12-04' }));
        break;
      case 'receipt':
        expect(first.text, text).toBe(t(h, lang, 'intent:receipt.how'));
        break;
      case 'mycases':
        expect(
          got.map((m) => m.text),
          text,
        ).toEqual(await screenOf(u, '/mycases'));
        break;
      case 'follow':
        expect(first.text, text).toMatch(new RegExp(KUNDA));
        expect(actions(first.payload), text).toEqual(['fw']);
        break;
      case 'help':
        expect(
          got.map((m) => m.text),
          text,
        ).toEqual(await screenOf(u, '/help'));
        break;
      case 'greeting':
        expect(first.text, text).toBe(t(h, lang, 'intent:greeting'));
        break;
      case 'thanks':
        expect(first.text, text).toBe(t(h, lang, 'intent:thanks'));
        break;
      case 'language':
        // Asked for English: the choice, in English, with the two language buttons (the tap is the owner's).
        expect(first.text, text).toBe(t(h, 'en', 'owner:language.choose'));
        expect(actions(first.payload), text).toEqual(['lang', 'lang']);
        break;
      case 'cancel':
        expect(first.text, text).toBe(t(h, lang, 'owner:nothing_to_cancel'));
        break;
      case 'keeper':
        expect(last.text, text).toContain(
          t(h, lang, 'intent:keeper.phone', {
            pound: lang === 'hi' ? 'आमेर कांजी हाउस' : 'Amer Pound',
            number: KUNDA,
            phone: '0141 253 0100',
          }),
        );
        break;
      default:
        throw new Error(`no check for ${intent}`);
    }
  }

  it.each(FORMS)(
    '%s: typed in Devanagari, Hinglish and English, opens its screen for the case last opened',
    async (intent, deva, latin, en) => {
      const before = await footprint(h);
      for (const [u, text] of [
        [hindi, deva],
        [hinglish, latin],
        [english, en],
      ] as const) {
        const got = await ask(u, text);
        await expectScreen(u, intent, got, text);
      }
      // Nothing typed records anything: no claim, payment, deposit, subscription, message to staff or case change.
      expect(await footprint(h)).toEqual(before);
    },
  );

  it('without a case opened, a case question asks which case — the person’s cases as buttons, or how to find one', async () => {
    const [none] = await ask(stranger, 'how much do I have to pay');
    expect(none!.text).toBe(t(h, 'en', 'intent:which.none'));
    // The stranger follows the Kunda case (a button tap), then asks again from a fresh chat state.
    await h.tap(
      stranger,
      buttonsOf((await ask(stranger, `/case ${KUNDA}`))[0]!.payload).find((b) => b.data.startsWith('fw|'))!.data,
    );
    await h.deps.db.botSession.updateMany({ where: { key: `${stranger.id}:${stranger.id}` }, data: { value: {} } });
    const [which] = await ask(stranger, 'pound kaha hai');
    expect(which!.text).toBe(t(h, 'en', 'intent:which.ask'));
    const button = buttonsOf(which!.payload)[0]!;
    expect(button.text).toBe(t(h, 'en', 'owner:mycases.open_button', { number: KUNDA }));
    const from = h.api.sentTo(stranger.id).length;
    await h.tap(stranger, button.data);
    expect(sentSince(stranger, from)[0]!.text).toContain(
      t(h, 'en', 'intent:pound.title', { pound: 'Amer Pound', number: KUNDA }),
    );
    // The tapped case is now the one "how much" refers to.
    const [dues] = await ask(stranger, 'kitna dena hai');
    expect(actions(dues!.payload)).toEqual(['wi', 'cl']);
    expect(dues!.text).toContain(KUNDA);
  });

  it('an unclear message gets "did you mean" with the likeliest intents as buttons; a button opens that screen', async () => {
    const before = await footprint(h);
    const [unsure] = await ask(english, 'paisa');
    expect(unsure!.text).toBe(`${t(h, 'en', 'intent:unsure')}\n\n${t(h, 'en', 'intent:unsure_hint')}`);
    const buttons = buttonsOf(unsure!.payload);
    expect(buttons.length).toBeGreaterThanOrEqual(2);
    expect(buttons.length).toBeLessThanOrEqual(3);
    expect(buttons.every((b) => b.data.startsWith('in|'))).toBe(true);
    expect(unsure!.text).not.toContain(t(h, 'en', 'owner:search.none', { query: 'paisa' }));
    const dues = buttons.find((b) => b.text === t(h, 'en', 'intent:choice.dues'))!;
    const from = h.api.sentTo(english.id).length;
    await h.tap(english, dues.data);
    const [screen] = sentSince(english, from);
    expect(screen!.text).toContain(KUNDA);
    expect(actions(screen!.payload)).toEqual(['wi', 'cl']);
    // A forged intent button changes nothing and says so.
    await h.tap(english, dues.data.replace(/\|[^|]+$/, '|forged'));
    expect(await footprint(h)).toEqual(before);
  });

  it('a voice note, a sticker or a photo gets a written answer in the person’s language with the main buttons', async () => {
    for (const [u, extra] of [
      [hindi, { voice: { file_id: 'v', file_unique_id: 'v', duration: 4 } }],
      [english, { voice: { file_id: 'v', file_unique_id: 'v', duration: 2 } }],
      [
        english,
        {
          sticker: {
            file_id: 's',
            file_unique_id: 's',
            type: 'regular',
            width: 1,
            height: 1,
            is_animated: false,
            is_video: false,
          },
        },
      ],
      [hinglish, { photo: [{ file_id: 'p', file_unique_id: 'p', width: 1, height: 1 }] }],
    ] as const) {
      const from = h.api.sentTo(u.id).length;
      await h.send(u, '', { text: undefined, ...extra } as never);
      const [answer] = sentSince(u, from);
      // A photo outside a claim is answered by the "this is mine" feature: how to show it to the keeper.
      if ('photo' in extra) {
        expect(answer!.text).toBe(t(h, langOf(u), 'photos:owner.no_claim'));
        continue;
      }
      expect(answer!.text).toBe(t(h, langOf(u), 'intent:media'));
      const labels = buttonsOf(answer!.payload).map((b) => b.text);
      expect(labels).toContain(t(h, langOf(u), 'intent:choice.dues'));
      expect(labels).toContain(t(h, langOf(u), 'intent:choice.help'));
    }
  });

  it('a receipt question with a code checks it, as /verify does', async () => {
    for (const [u, text] of [
      [english, 'verify receipt 4C7KXP9Q'],
      [hinglish, 'rasid asli hai kya 4C7KXP9Q'],
    ] as const) {
      const [answer] = await ask(u, text);
      expect(answer!.text, text).toBe((await screenOf(u, '/verify 4C7KXP9Q'))[0]);
      expect(answer!.text, text).toBe(t(h, langOf(u), 'owner:verify.not_found', { code: '4C7KXP9Q' }));
    }
  });

  it('a speech-to-text service, when one is configured, turns a voice note into text understood as if typed', async () => {
    const heard: string[] = [];
    h.deps.speechToText = {
      transcribe: async (voice, lang) => {
        heard.push(`${voice.fileId}:${voice.durationSeconds}:${lang}`);
        return 'kitna paisa dena hai';
      },
    };
    try {
      const from = h.api.sentTo(hindi.id).length;
      await h.send(hindi, '', {
        text: undefined,
        voice: { file_id: 'v2', file_unique_id: 'v2', duration: 3 },
      } as never);
      const [said, screen] = sentSince(hindi, from);
      expect(heard).toEqual(['v2:3:hi']);
      // What was heard is shown back first, then the screen the same words typed would open.
      expect(said!.text).toBe(t(h, 'hi', 'intent:heard', { text: 'kitna paisa dena hai' }));
      expect(screen!.text).toContain(KUNDA);
      expect(actions(screen!.payload)).toEqual(['wi', 'cl']);
    } finally {
      delete h.deps.speechToText;
    }
  });

  it('a search stays a search and finds the case, numbers as words included (दो, do, two)', async () => {
    for (const [u, text] of [
      [hindi, 'दो काली भैंस कुंडा'],
      [hinglish, 'do bhains kali'],
      [english, 'two black buffaloes Kunda'],
      [english, 'Kunda 27/11'],
    ] as const) {
      const [results] = await ask(u, text);
      expect(results!.text, text).toBe(t(h, langOf(u), 'owner:search.results'));
      expect(
        buttonsOf(results!.payload).some((b) => b.data.startsWith(`cs|${kundaId}|`)),
        text,
      ).toBe(true);
    }
  });

  it('a search that finds nothing says so, with what else can be asked as buttons', async () => {
    const [none] = await ask(english, 'Zorawarpura');
    expect(none!.text).toBe(t(h, 'en', 'owner:search.none', { query: 'Zorawarpura' }));
    const labels = buttonsOf(none!.payload).map((b) => b.text);
    expect(labels).toContain(t(h, 'en', 'intent:choice.help'));
    expect(labels).toContain(t(h, 'en', 'intent:choice.dues'));
  });

  it('inside a flow, a typed "cancel" in any of the three forms leaves it', async () => {
    for (const [u, text] of [
      [hindi, 'रद्द करो'],
      [hinglish, 'rehne do'],
      [english, 'cancel'],
    ] as const) {
      await h.send(u, '/search');
      const [answer] = await ask(u, text);
      expect(answer!.text, text).toBe(t(h, langOf(u), 'common:cancelled'));
    }
  });
});
