import { describe, expect, it } from 'vitest';
import { loadResources } from '../../src/i18n';

function flatten(obj: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    else out.set(key, String(v));
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other|plural)$/;

describe('locales', () => {
  const res = loadResources();
  const en = flatten(res.en);
  const hi = flatten(res.hi);

  it('has the same keys in en and hi', () => {
    const strip = (s: Set<string>) => new Set([...s].map((k) => k.replace(PLURAL, '')));
    const e = strip(new Set(en.keys()));
    const h = strip(new Set(hi.keys()));
    expect([...e].filter((k) => !h.has(k))).toEqual([]);
    expect([...h].filter((k) => !e.has(k))).toEqual([]);
  });

  it('has no empty strings and the same placeholders in both languages', () => {
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      const h = hi.get(key);
      if (h === undefined) continue;
      expect(h.trim(), key).not.toBe('');
      const vars = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort();
      expect(vars(h), key).toEqual(vars(text));
    }
  });

  it('writes Hindi in Devanagari', () => {
    const latinOnly = [...hi].filter(
      ([, v]) =>
        !/[\u0900-\u097F]/.test(v) &&
        /[a-z]{4,}/i.test(v.replace(/\$t\([^)]+\)|\{\{[^}]+\}\}|\/\w+|https?:\S+|[A-Z]{2,}\d?-?[\w-]*/g, '')),
    );
    expect(latinOnly.map(([k]) => k)).toEqual([]);
  });
});
