import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATTLE_CLASS_CODES } from '../../src/law';

// counts that meet a noun use i18next plurals (_one/_other) in both languages, and the Hindi
// class names are the glossary's (locales/README.md) — a heifer is कलोर, never बछिया (a female calf).
const root = path.join(__dirname, '../../locales');
type Tree = { [k: string]: string | Tree };
const flat = (t: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(t).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flat(v, `${prefix}${k}.`),
  );
const load = (lang: string) =>
  new Map(
    readdirSync(path.join(root, lang))
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => flat(JSON.parse(readFileSync(path.join(root, lang, f), 'utf8')) as Tree, `${f.slice(0, -5)}:`)),
  );

describe('plurals where a count meets a noun', () => {
  const en = load('en');
  const hi = load('hi');

  it.each([
    ['en', en],
    ['hi', hi],
  ] as const)('every %s key that shows {{count}} has _one and _other forms', (_lang, keys) => {
    const missing: string[] = [];
    for (const [key, value] of keys) {
      if (!value.includes('{{count}}')) continue;
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      if (!keys.has(`${base}_one`) || !keys.has(`${base}_other`)) missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  // A number that is not `count` cannot choose a plural form: "1 head … were", "1 पशुओं", "1 hours". Such a
  // number is either passed as `count` (with _one/_other) or put after a label ("Heads sold: {{n}}").
  // The placeholders that carry a number (a case number, a receipt or an amount is not one).
  const NUMBERS =
    /^(n|i|max|heads|headCount|days|hours|minutes|left|unsold|soldEarlier|sold|cases|rows|groups|grants|due|stuck|pending|failed|unreachable|waiting|active|delayed|attempts|total)$/;
  const COUNT_NOUNS: Record<'en' | 'hi', RegExp> = {
    en: /^(heads?|cattle|animals?|days?|hours?|minutes?|cases?|rows?|groups?|grants?|owners?|jobs?|receipts?|payments?)\b/i,
    hi: /^(पशु|पशुओं|दिन|दिनों|घंटे|घंटों|घंटा|मिनट|प्रकरण|प्रकरणों|पंक्तियाँ|पंक्ति|समूह|अधिकार|स्वामी|स्वामियों|रसीदें|भुगतान)(?=[\s।,.:;)]|$)/,
  };
  it.each([
    ['en', en],
    ['hi', hi],
  ] as const)('no %s text puts a noun after a number that is not a plural count', (lang, keys) => {
    const wrong: string[] = [];
    for (const [key, value] of keys)
      for (const m of value.matchAll(/\{\{\s*(\w+)\s*\}\} +(?:more +|अन्य +)?/g))
        if (NUMBERS.test(m[1]!) && COUNT_NOUNS[lang].test(value.slice(m.index! + m[0].length)))
          wrong.push(`${key}: ${m[0]}`);
    expect(wrong).toEqual([]);
  });

  it('the singular forms read singular: no "1 animals", "1 पशुओं", "1 head … were"', () => {
    const wrong: string[] = [];
    for (const [key, value] of en)
      if (
        key.endsWith('_one') &&
        (/\{\{count\}\} (more )?(animals|days|hours|minutes|cases|owners|heads)\b/.test(value) ||
          /\{\{count\}\} head\b[^.]*\b(were|are)\b/.test(value))
      )
        wrong.push(key);
    for (const [key, value] of hi)
      if (key.endsWith('_one') && /\{\{count\}\} (अन्य )?(पशुओं|दिनों|घंटों|प्रकरणों|स्वामियों)/.test(value)) wrong.push(key);
    expect(wrong).toEqual([]);
  });

  it('no English text writes "(s)" for a plural: "case(s)", "row(s)"', () => {
    expect([...en].filter(([, v]) => /\w\(s\)/.test(v)).map(([k]) => k)).toEqual([]);
  });

  it('no English text writes "head(s)": a count of cattle is "N head"', () => {
    expect([...en].filter(([, v]) => /head\(s\)/.test(v)).map(([k]) => k)).toEqual([]);
  });

  it('every cattle class has a plural form in both languages', () => {
    for (const code of CATTLE_CLASS_CODES) {
      expect(en.get(`common:cattle.${code}_other`), code).toBeTruthy();
      expect(hi.get(`common:cattle.${code}_other`), code).toBeTruthy();
    }
    expect(en.get('common:cattle.cow_other')).toBe('cows');
    expect(en.get('common:cattle.calf_other')).toBe('calves');
  });

  it('the Hindi class names are the glossary’s, and none reads as another class', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| (\w+) \| [^|]+ \| ([^|]+) \| ([^|]+) \|/gm)].filter(([, code]) =>
      (CATTLE_CLASS_CODES as readonly string[]).includes(code!),
    );
    expect(rows.map(([, code]) => code).sort()).toEqual([...CATTLE_CLASS_CODES].sort());
    for (const [, code, singular, plural] of rows) {
      expect(hi.get(`common:cattle.${code}`), code).toBe(singular!.trim());
      expect(hi.get(`common:cattle.${code}_other`), code).toBe(plural!.trim());
    }
    expect(hi.get('common:cattle.heifer')).toBe('कलोर');
    const names = CATTLE_CLASS_CODES.map((c) => hi.get(`common:cattle.${c}`));
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('बछिया');
  });
});
