import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCaseNumber } from '../../../src/services/cases';

describe('parseCaseNumber', () => {
  it.each([
    ['JAI1-2026-17', 'JAI1-2026-17'],
    ['jai1-2026-17', 'JAI1-2026-17'],
    ['  Jai1 - 2026 - 17 ', 'JAI1-2026-17'],
    ['JAI 1 2026 17', 'JAI1-2026-17'],
    ['JAI1/2026/017', 'JAI1-2026-17'],
    ['JAI1–2026–17', 'JAI1-2026-17'],
    ['JAI1-२०२६-१७', 'JAI1-2026-17'],
    ['JAI१-२०२६-१७', 'JAI1-2026-17'],
    ['प्रकरण JAI1-2026-17', 'JAI1-2026-17'],
    ['case no. pun1-2026-3', 'PUN1-2026-3'],
    ['जेएआई1-2026-17', 'JAI1-2026-17'],
    ['जे ए आई १-२०२६-१७', 'JAI1-2026-17'],
    ['पी यू एन 1 2026 4', 'PUN1-2026-4'],
  ])('reads %s as %s', (typed, expected) => {
    expect(parseCaseNumber(typed)?.number).toBe(expected);
  });

  it.each([
    '',
    'hello',
    'JAI1-2026',
    'JAI1-26-17',
    '2026-17',
    'JAI1-2026-0',
    'JAI1-2026-17-5-5',
    'कुंडा गाँव',
    '12OO',
    'JAI1-2026-x',
  ])('refuses %j', (typed) => {
    expect(parseCaseNumber(typed)).toBeNull();
  });

  it('round-trips any canonical number through case, spacing and Devanagari digits', () => {
    const deva = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0966 + Number(d)));
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{2,5}$/),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 99999 }),
        fc.boolean(),
        fc.boolean(),
        (letters, unit, year, seq, lower, devanagari) => {
          const canonical = `${letters}${unit}-${year}-${seq}`;
          let typed = `${letters} ${unit} - ${year} -  ${seq}`;
          if (lower) typed = typed.toLowerCase();
          if (devanagari) typed = deva(typed);
          expect(parseCaseNumber(typed)?.number).toBe(canonical);
        },
      ),
    );
  });
});
