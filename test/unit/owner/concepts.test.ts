import { describe, expect, it } from 'vitest';
import { conceptKey, modelKey, skeleton, latinKey } from '../../../src/services/owner-text';

describe('words of one meaning are one word to the Latin model', () => {
  it('folds English, Hinglish and romanised Hindi words of one kind together', () => {
    expect(modelKey('release my buffalo')).toBe(modelKey('chhudao meri bhains'));
    expect(modelKey('wapis do')).toBe(modelKey('back do'));
    expect(modelKey('ye galat hai')).toBe(modelKey('ye illegal hai'));
    expect(modelKey('kanji house ka address')).toBe(modelKey('कांजी हाउस का लोकेशन'));
    expect(modelKey('rasid bhejo')).toBe(modelKey('parchi bhejo'));
    expect(modelKey('shikayat karni hai')).toBe(modelKey('complaint karni hai'));
  });

  it('"chhodo" is the release beside an animal, and stays "leave it" without one', () => {
    expect(modelKey('gaay chhod do')).toBe(modelKey('gaay chhudao do'));
    expect(modelKey('chhodo')).not.toBe(modelKey('chhudao'));
    expect(conceptKey(latinKey('chhodo'), true)).toBe(modelKey('chhudao'));
  });

  it('"take away" beside an animal is the release; "le gaye" (they took it) and the keeper\'s taking are not', () => {
    const release = modelKey('bhains chhudao');
    for (const t of [
      'bhains leni hai',
      'bhains le jani hai',
      'भैंस ले जानी है',
      'bhains le ke jana hai',
      'bhains lekar jaun',
    ])
      expect(modelKey(t), t).toContain(modelKey('chhudao'));
    expect(modelKey('collect my buffalo')).toBe(modelKey('chhudao my buffalo'));
    expect(modelKey('pick up my buffalo')).toBe(modelKey('chhudao my buffalo'));
    expect(release).toBe(modelKey('bhains chhudao'));
    expect(modelKey('bhains le gaye')).not.toContain(modelKey('chhudao'));
    expect(modelKey('kitne paise loge')).not.toContain(modelKey('chhudao'));
    expect(modelKey('le jana hai')).toBe(latinKey('le jana hai'));
  });

  it('the QR words are one word, never "kar" (do); "gai" after a verb is "went", not the cow; "sahab" is a filler', () => {
    expect(modelKey('क्यूआर भेज दो')).toBe(modelKey('qr bhej do'));
    expect(modelKey('scanner bhej do')).toBe(modelKey('qr bhej do'));
    expect(modelKey('qr bhej do')).not.toBe(modelKey('kar bhej do'));
    expect(modelKey('payment ho gai')).not.toContain(modelKey('gaay'));
    expect(modelKey('meri gai wapas do')).toBe(modelKey('meri gaay wapas do'));
    expect(modelKey('साहब मेरी गाय छोड़ दो')).toBe(modelKey('मेरी गाय छोड़ दो'));
  });

  it('leaves words of two meanings as typed', () => {
    for (const w of ['band', 'take', 'do', 'chhodo']) expect(modelKey(w), w).toBe(latinKey(w));
  });

  it('a word without its vowels has the consonants of the word', () => {
    expect(skeleton('kitna')).toBe(skeleton('ktn'));
    expect(skeleton('lagega')).toBe(skeleton('lgega'));
    expect(skeleton('आज')).toBe('');
  });
});
