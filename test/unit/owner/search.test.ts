import { describe, expect, it } from 'vitest';
import {
  parseSearchQuery,
  scoreCase,
  placeKey,
  samePlaceWord,
  searchKeysOf,
  wordSearchKeys,
  romanise,
} from '../../../src/services/owner-text';

const NOW = new Date('2026-11-29T10:00:00+05:30');

const kunda = {
  id: 1,
  number: 'JAI1-2026-1',
  impoundedAt: new Date('2026-11-27T10:00:00+05:30'),
  placeOfSeizure: 'Kunda',
  pound: { name: 'Amer Pound', nameHi: 'आमेर कांजी हाउस', code: 'JAI1' },
  heads: [
    { cattleClass: 'buffalo', description: 'black, curved horns' },
    { cattleClass: 'buffalo', description: 'black, white patch on forehead' },
  ],
};
const samod = {
  id: 2,
  number: 'JAI2-2026-1',
  impoundedAt: new Date('2026-11-28T10:00:00+05:30'),
  placeOfSeizure: 'सामोद',
  pound: { name: 'Chomu Pound', nameHi: 'चौमूं कांजी हाउस', code: 'JAI2' },
  heads: [
    { cattleClass: 'goat', description: 'सफेद, काले कान' },
    { cattleClass: 'kid', description: 'भूरा' },
  ],
};

describe('parseSearchQuery', () => {
  it('reads counts, classes and colours in English, Hindi and Hindi in Latin letters', () => {
    for (const text of ['2 buffaloes, black', '2 भैंस काली', 'do bhains kali', 'भैंस 2 काली']) {
      const q = parseSearchQuery(text.replace('do ', '2 '), NOW);
      expect(q.classes, text).toEqual([{ cattleClass: 'buffalo', count: 2 }]);
      expect(q.colours, text).toEqual(['black']);
      expect(q.words, text).toEqual([]);
    }
  });

  it('takes the date out and keeps the village', () => {
    const q = parseSearchQuery('Kunda 27/11', NOW);
    expect(q.date).toBe('2026-11-27');
    expect(q.words).toEqual(['kunda']);
  });
});

describe('scoreCase', () => {
  it('finds the Kunda buffaloes by village, by Devanagari village and date, and by description', () => {
    for (const text of ['Kunda', 'कुंडा 27 नवंबर', '2 buffaloes black', '2 भैंस काली', 'kunda bhains']) {
      expect(scoreCase(parseSearchQuery(text, NOW), kunda), text).not.toBeNull();
    }
  });

  it('rules a case out on a class it does not have, a date two days off, or another village', () => {
    expect(scoreCase(parseSearchQuery('cow', NOW), kunda)).toBeNull();
    expect(scoreCase(parseSearchQuery('Kunda 24/11', NOW), kunda)).toBeNull();
    expect(scoreCase(parseSearchQuery('Samod', NOW), kunda)).toBeNull();
    expect(scoreCase(parseSearchQuery('pound', NOW), kunda)).toBeNull();
  });

  it('matches a Latin-typed village against a Devanagari register entry and Hindi colours against English words', () => {
    expect(scoreCase(parseSearchQuery('samod goats white', NOW), samod)).not.toBeNull();
    expect(scoreCase(parseSearchQuery('बकरी सफेद', NOW), samod)).not.toBeNull();
  });

  it('ranks the right colour above the wrong one', () => {
    const black = scoreCase(parseSearchQuery('buffalo black', NOW), kunda)!;
    const brown = scoreCase(parseSearchQuery('buffalo brown', NOW), kunda)!;
    expect(black).toBeGreaterThan(brown);
  });
});

describe('place names across scripts', () => {
  it.each([
    ['Kunda', 'कुंडा'],
    ['Nangal', 'नांगल'],
    ['Samod', 'सामोद'],
    ['Chomu', 'चौमूं'],
    ['Kalbhor', 'कालभोर'],
    ['Koonda', 'Kunda'],
  ])('%s ~ %s', (a, b) => {
    expect(samePlaceWord(a, b)).toBe(true);
  });

  it('keeps different villages apart', () => {
    expect(samePlaceWord('Kunda', 'Samod')).toBe(false);
    expect(samePlaceWord('Amer', 'Kunda')).toBe(false);
    expect(placeKey('Kunda')).not.toBe(placeKey('Pound'));
  });

  it('romanises Devanagari with the inherent vowel only inside words', () => {
    expect(romanise('कुंडा')).toBe('kundaa');
    expect(romanise('नांगल')).toBe('naangal');
  });
});

describe('search keys', () => {
  // Place names as registered and as typed: across scripts, with vowel length, aspiration and one-letter slips.
  const names = [
    'Kunda',
    'कुंडा',
    'Koonda',
    'Kundaa',
    'Kinda',
    'Kundo',
    'Samod',
    'सामोद',
    'Samodh',
    'Nangal',
    'नांगल',
    'Nangl',
    'Nagal',
    'Chomu',
    'चौमूं',
    'Kalbhor',
    'कालभोर',
    'Kalbhore',
    'Kalbor',
    'Kelbhor',
    'Kalhbor',
    'Jaitpura',
    'Jaitpur',
    'Jetpura',
    'Jaitpuria',
    'Bassi',
    'Basi',
    'Amer',
    'Aamer',
    'Amber',
    'Shahpura',
    'Sahpura',
    'Shahpur',
    'Phagi',
    'Fagi',
    'Bagru',
    'Bagaru',
    'Chaksu',
    'Chatsu',
    'mark',
    'marks',
    'horns',
    'curved',
    'curve',
    'patch',
    'forehead',
    'forehed',
    'tag',
    'tail',
    'taill',
    'aa',
    'a1',
    'x',
    '42',
    '421',
  ].map((w) => w.normalize('NFC').toLowerCase());

  it('meet whenever samePlaceWord accepts two words, in a place or a description, and for a description word itself', () => {
    let slips = 0;
    for (const a of names) {
      for (const b of names) {
        const overlaps = (keys: string[]) => wordSearchKeys(b).some((k) => keys.includes(k));
        if (samePlaceWord(a, b)) {
          if (placeKey(a) !== placeKey(b)) slips++;
          expect(overlaps(searchKeysOf(`near ${a} road`, [])), `${a} / ${b}`).toBe(true);
          expect(overlaps(searchKeysOf('X', [`black, ${a}`])), `${a} / ${b}`).toBe(true);
        }
        if (a === b) expect(overlaps(searchKeysOf('X', [a])), a).toBe(true);
      }
    }
    // The one-slip variants are exercised, not only equal keys.
    expect(slips).toBeGreaterThan(10);
  });

  it('keep a place apart from most other places', () => {
    const kunda = searchKeysOf('Kunda', ['black']);
    expect(wordSearchKeys('samod').some((k) => kunda.includes(k))).toBe(false);
    expect(wordSearchKeys('jaitpura').some((k) => kunda.includes(k))).toBe(false);
  });
});
