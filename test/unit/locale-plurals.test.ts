import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATTLE_CLASS_CODES } from '../../src/law';

// Issue 10.16: counts that meet a noun use i18next plurals (_one/_other) in both languages, and the Hindi
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
