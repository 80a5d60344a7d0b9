import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanPersonName, NAME_MAX } from '../../src/services/person-name';

const RLO = '\u202e';
const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const ZERO_WIDTH = ['\u200b', '\u2060', '\ufeff', '\u00ad'];

describe('cleanPersonName: one name validator for every typed name', () => {
  it.each([
    ['Sunita Devi', 'Sunita Devi'],
    ['  R.K.  Sharma-Rao ', 'R.K. Sharma-Rao'],
    ["D'Souza", "D'Souza"],
    ['रमेश कुमार', 'रमेश कुमार'],
    // Matras, virama, nukta: Devanagari as people type it.
    ['क्षितिज शर्मा', 'क्षितिज शर्मा'],
    ['ज़ाकिर हुसैन', 'ज़ाकिर हुसैन'],
    // A precomposed nukta letter (ज़ U+095B) is stored as NFC has it: ज + ़ (composition-excluded).
    ['\u095b\u093e\u0915\u093f\u0930', '\u091c\u093c\u093e\u0915\u093f\u0930'],
    // The zero-width joiner/non-joiner inside a Devanagari word (half forms) is part of the spelling.
    ['क्\u200dष', 'क्\u200dष'],
    ['श्\u200cरी राम', 'श्\u200cरी राम'],
    ['José Ñúñez', 'José Ñúñez'],
  ])('accepts %j', (input, stored) => {
    expect(cleanPersonName(input)).toBe(stored);
  });

  it.each([
    ['right-to-left override', `Ramesh ${RLO}DIAP :DEMRIFNOC REPEEK`],
    ['a fake confirmation', 'Ramesh (KEEPER CONFIRMED: PAID)'],
    ['a phone number', 'Ramesh 9812345678'],
    ['Devanagari digits', 'रमेश ९८१२३४५६७८'],
    ['a colon', 'Paid: yes'],
    ['brackets', 'Ramesh [admin]'],
    ['a zero-width space', 'Ram\u200besh'],
    ['a joiner outside Devanagari', 'Ram\u200desh'],
    ['a joiner at the end', 'रमेश\u200d'],
    ['a control character', 'Ram\u0007esh'],
    ['a line separator', 'Ramesh\u2028KEEPER'],
    ['a lone matra', 'ि रमेश'],
    ['one letter', 'R'],
    ['punctuation runs', 'R..K'],
    ['an emoji', 'Ramesh ✅'],
    ['too long', 'a'.repeat(NAME_MAX + 1)],
  ])('refuses %s', (_what, input) => {
    expect(cleanPersonName(input)).toBeNull();
  });

  it('property: whatever is typed, an accepted name holds no digit, bidi, control, format (but ZWJ/ZWNJ in Devanagari) or bracket/colon, is NFC and bounded', () => {
    const pieces = fc.oneof(
      fc.constantFrom(
        'a',
        'Z',
        'é',
        'र',
        'म',
        'े',
        '्',
        '़',
        'क',
        ' ',
        '.',
        '-',
        "'",
        '\u200d',
        '\u200c',
        ':',
        '(',
        ')',
        '[',
        '1',
        '९',
        ...BIDI,
        ...ZERO_WIDTH,
        '\u0000',
        '\n',
      ),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const out = cleanPersonName(parts.join(''));
        if (out === null) return;
        expect(out).toBe(out.normalize('NFC'));
        expect([...out].length).toBeLessThanOrEqual(NAME_MAX);
        expect(out).not.toMatch(/[\p{N}\p{Cc}():[\]{}<>]/u);
        for (const ch of [...BIDI, ...ZERO_WIDTH]) expect(out).not.toContain(ch);
        // Joiners only between two Devanagari characters.
        for (const m of out.matchAll(/[\u200c\u200d]/g)) {
          expect(out[m.index! - 1]).toMatch(/\p{Script=Devanagari}/u);
          expect(out[m.index! + 1]).toMatch(/\p{Script=Devanagari}/u);
        }
        // Idempotent: storing it again changes nothing.
        expect(cleanPersonName(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a name of letters from the scripts people use, with single spaces, is accepted unchanged', () => {
    const word = fc
      .array(fc.constantFrom('a', 'b', 'K', 'é', 'र', 'म', 'स', 'क'), { minLength: 2, maxLength: 10 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const name = words.join(' ');
        expect(cleanPersonName(name)).toBe(name);
      }),
    );
  });
});
