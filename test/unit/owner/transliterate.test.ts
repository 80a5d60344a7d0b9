import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeKey, latinKey, romanise } from '../../../src/services/owner-text';
import { nameKey } from '../../../src/services/name-match';

// One table spells Devanagari in Latin letters for every reader: the NLU, the register search, the s. 19 name
// check. Where the search's old table and the name check's old one disagreed, the choice is what an owner types.

describe('where the two old tables disagreed', () => {
  it.each([
    // word, the search's old spelling, the name check's old one, the one spelling now, why
    ['छोड़ो', 'chhoro', 'codo', 'chhodo', 'aspirates keep their h; ड़ is d as owners type it (chhodo, pakda)'],
    ['पकड़ा', 'pakaraa', 'pakada', 'pakadaa', 'ड़ is d: "pakda", "padega", "chhudana" in the Hinglish corpus'],
    ['पढ़', 'parh', 'pad', 'padh', 'ढ़ is dh: "padhna"'],
    ['जुर्माना', 'jurmaanaa', 'jurmana', 'jurmaanaa', 'long vowels doubled, as "jurmaana", "paani" are typed'],
    ['नीला', 'neelaa', 'nila', 'neelaa', 'ई is ee'],
    ['बंद', 'bnd', 'band', 'band', 'the inherent a is sounded before an anusvara'],
    ['नंबर', 'nnbar', 'nanbar', 'nanbar', 'the inherent a is sounded before an anusvara'],
    ['पत्र', 'patr', 'patra', 'patra', 'a final a after a conjunct is sounded'],
    ['मिश्र', 'mishr', 'misra', 'mishra', 'श is sh, and the conjunct keeps its a'],
    ['चारा', 'chaaraa', 'cara', 'chaaraa', 'च is ch'],
    ['ज़मीन', 'zameen', 'jamin', 'zameen', 'ज़ is z (every reader folds z into j)'],
    ['फ़ोन', 'fon', 'pon', 'fon', 'फ़ is f'],
    ['ऍक्टर', 'ऍktar', 'ektar', 'ektar', 'ऍ and ॅ are e (the search left them as they were)'],
  ])('%s: search %s, names %s → %s (%s)', (word, _search, _names, now) => {
    expect(romanise(word)).toBe(now);
  });
});

describe('the readers meet the spelling an owner types', () => {
  it.each([
    ['छोड़ो', 'chhodo'],
    ['छोड़ो', 'chodo'],
    ['जुर्माना', 'jurmana'],
    ['बंद', 'band'],
    ['पत्र', 'patra'],
  ])('the NLU reads %s as %s', (deva, latin) => {
    expect(latinKey(deva)).toBe(latinKey(latin));
  });

  it.each([
    ['कुंडा', 'Kunda'],
    ['खेड़ा', 'Kheda'],
    ['छापर', 'Chhapar'],
  ])('the register search reads %s as %s', (deva, latin) => {
    expect(placeKey(deva)).toBe(placeKey(latin));
  });

  it.each([
    ['फ़ारूक़', 'Farooq'],
    ['चंद्र प्रकाश', 'Chandra Prakash'],
    ['सुरेश कुमार', 'Suresh Kumar'],
  ])('the s. 19 name check reads %s as %s', (deva, latin) => {
    expect(nameKey(deva)).toBe(nameKey(latin));
  });

  it('romanises only the Devanagari of a mixed text, word by word', () => {
    expect(romanise('mera केस kitna, JAI1 ₹500')).toBe('mera kes kitna, JAI1 ₹500');
    expect(romanise('कमल मिश्र')).toBe('kamal mishra');
    // A joiner inside a half form is not a sound.
    expect(romanise('क्\u200Dष')).toBe('ksha');
  });
});

describe('one table', () => {
  it('no other file in src/ or bot/ maps Devanagari letters to Latin ones', () => {
    const root = path.join(import.meta.dirname, '../../..');
    const own = path.join('src', 'services', 'owner-text', 'transliterate.ts');
    // A table row: a Devanagari consonant or vowel sign as a key with a Latin value ("ख: 'kh'", "'ा': 'aa'").
    const row = /['"]?[\u0915-\u0939\u093E-\u094C]['"]?\s*:\s*['"][a-z]+['"]/;
    const found: string[] = [];
    for (const dir of ['src', 'bot']) {
      for (const file of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
        const rel = path.join(dir, file);
        if (!/\.ts$/.test(rel) || rel === own) continue;
        if (row.test(readFileSync(path.join(root, rel), 'utf8'))) found.push(rel);
      }
    }
    expect(found).toEqual([]);
  });
});
