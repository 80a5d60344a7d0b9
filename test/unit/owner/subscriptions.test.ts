import { describe, expect, it } from 'vitest';
import { filterMatches, normaliseFilter, sameVillage } from '../../../src/services/subscriptions';

const heads = [
  { cattleClass: 'buffalo', description: 'black, curved horns' },
  { cattleClass: 'cow', description: 'भूरी, टैग 4411' },
];

describe('village alert matching', () => {
  it('matches a village across spelling and script, and a word of a longer name', () => {
    expect(sameVillage('kunda', 'कुंडा')).toBe(true);
    expect(sameVillage('loni', 'loni kalbhor')).toBe(true);
    expect(sameVillage('लोनी कालभोर', 'loni kalbhor')).toBe(true);
    expect(sameVillage('kunda', 'samod')).toBe(false);
    expect(sameVillage('loni kalbhor', 'loni')).toBe(true);
    expect(sameVillage('', 'kunda')).toBe(false);
  });

  it('matches a description filter by class, colour and words, in either language', () => {
    expect(filterMatches('', heads)).toBe(true);
    expect(filterMatches('buffalo', heads)).toBe(true);
    expect(filterMatches('भैंस काली', heads)).toBe(true);
    expect(filterMatches('black cow', heads)).toBe(false);
    expect(filterMatches('brown cow', heads)).toBe(true);
    expect(filterMatches('goat', heads)).toBe(false);
    expect(filterMatches('horns', heads)).toBe(true);
    expect(filterMatches('4411', heads)).toBe(true);
    expect(filterMatches('4412', heads)).toBe(false);
  });

  it('stores filters as lower-case words', () => {
    expect(normaliseFilter('  Black,  COW! ')).toBe('black cow');
  });
});
