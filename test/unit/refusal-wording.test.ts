import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, LANGUAGES, refusalKeys, refusalText, type Audience, type Translator } from '../../src/i18n';
import { Refusal, type RefusalCode } from '../../src/services/refusal';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The members of a string-literal union type `name` declared in `file` (read from the source, so none is missed). */
function unionMembers(file: string, name: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const start = text.indexOf(`export type ${name} =`);
  expect(start, `${name} in ${file}`).toBeGreaterThanOrEqual(0);
  const rest = text.slice(start).replace(/\/\*\*[\s\S]*?\*\//g, '');
  const body = rest.slice(0, rest.indexOf(';'));
  return [...body.matchAll(/'([A-Z0-9_]+)'/g)].map((m) => m[1]!);
}

const CODES = unionMembers('src/services/refusal.ts', 'RefusalCode') as RefusalCode[];
/** The statute engine's reasons, which the services pass on as REFUSED (refusalOf). */
const REASONS = unionMembers('src/law/errors.ts', 'RefusalReason');
const AUDIENCES: Audience[] = ['owner', 'staff'];
/** Values for every placeholder a wording may use. */
const PARAMS = {
  at: '2026-11-20T10:00:00.000Z',
  from: '2026-11-19T10:00:00.000Z',
  eligibleFrom: '2026-11-27',
  lastClaimDay: '2026-11-20',
  reportableFrom: '2026-11-21',
  endsAt: '2026-12-20T10:00:00.000Z',
  endedAt: '2026-12-20T10:00:00.000Z',
  reportedAt: '2026-11-21T10:00:00.000Z',
  postedAt: '2026-11-21T11:00:00.000Z',
  date: '2026-11-22',
  total: 100_000,
  proceeds: 90_000,
  heads: '#1',
  code: 'UNKNOWN',
  missing: 'village',
  status: 'IMPOUNDED',
  value: '0',
  given: 10_000,
  due: 12_000,
  difference: 2_000,
  lastDay: '2026-12-05',
  seized: '2026-11-19',
  last: '2026-11-30',
  caseNumber: 'JAI1-2026-17',
  count: 2,
  pounds: 'JAI1, JAI2',
  // A back-entry's paper step (s. 14); `missing` above names the step it needs (a proclamation in the village).
  step: 'market',
};

describe('the one table of refusal wordings (src/i18n/refusal.ts, locales/<lang>/refusal.json)', () => {
  let tr: Translator;
  beforeAll(async () => {
    tr = await createTranslator({ strict: true });
  });

  it('reads the codes and the engine reasons from their types', () => {
    expect(CODES).toContain('CONFLICT');
    expect(CODES).toContain('REFUSED');
    expect(REASONS).toContain('WRONG_STATUS');
  });

  const cases: Array<[string, Refusal]> = [
    ...CODES.filter((c) => c !== 'REFUSED').map((c): [string, Refusal] => [c, new Refusal(c, 's. 14', PARAMS)]),
    ...REASONS.map((r): [string, Refusal] => [
      `REFUSED ${r}`,
      new Refusal('REFUSED', 's. 14', { ...PARAMS, reason: r }),
    ]),
  ];

  it.each(cases)('words %s for an owner and for staff, in English and in Hindi', (_, refusal) => {
    for (const lng of LANGUAGES) {
      for (const audience of AUDIENCES) {
        const own = refusalKeys(refusal.reason, audience).filter((k) => !k.endsWith(':OTHER') && !k.endsWith('.OTHER'));
        expect(
          own.some((k) => tr.i18n.exists(k, { lng, count: 2 })),
          `${lng} ${audience}: ${own.join(' | ')}`,
        ).toBe(true);
        const text = refusalText(tr.forLang(lng), refusal, audience, { number: 'JAI1-2026-17' });
        expect(text, `${lng} ${audience} ${refusal.reason}`).not.toMatch(/\{\{|\$t\(|refusal:/);
        expect(text.length).toBeGreaterThan(10);
      }
    }
  });

  it('has no wording for a reason that no longer exists', () => {
    const known = new Set<string>([...CODES, ...REASONS, 'OTHER']);
    for (const lng of LANGUAGES) {
      const table = tr.i18n.getResourceBundle(lng, 'refusal') as Record<string, unknown>;
      const keys = [
        ...Object.keys(table).filter((k) => k !== 'owner'),
        ...Object.keys((table.owner ?? {}) as Record<string, unknown>),
      ];
      expect(
        keys.filter((k) => !known.has(k.replace(/_(one|other|unnumbered)$/, ''))),
        lng,
      ).toEqual([]);
    }
  });

  it('words a refusal of an entry not yet saved without an empty case number', () => {
    for (const lng of LANGUAGES) {
      const t = tr.forLang(lng);
      for (const reason of ['NOTICE_BEFORE_REPORT', 'PROCLAMATION_PENDING', 'NOTICE_NOT_POSTED']) {
        const refusal = new Refusal('REFUSED', 's. 14', { ...PARAMS, reason });
        const unnumbered = refusalText(t, refusal, 'staff');
        expect(unnumbered, `${lng} ${reason}`).toContain(lng === 'hi' ? 'इस प्रविष्टि' : 'this entry');
        expect(unnumbered, `${lng} ${reason}`).not.toMatch(/case\s{2}|प्रकरण\s{2}|\{\{/);
        expect(unnumbered).not.toBe(refusalText(t, refusal, 'staff', { number: 'JAI1-2026-17' }));
        expect(refusalText(t, refusal, 'staff', { number: 'JAI1-2026-17' })).toContain('JAI1-2026-17');
      }
    }
  });

  it('tells an owner in his own words where they differ, and never shows him a bare reason code', () => {
    const t = tr.forLang('en');
    const wrong = new Refusal('REFUSED', 's. 13', { reason: 'WRONG_STATUS', status: 'RELEASED_S13' });
    const c = { number: 'JAI1-2026-17' };
    expect(refusalText(t, wrong, 'owner', c)).toBe(
      t('refusal:owner.WRONG_STATUS', { number: c.number, status: t('common:status.RELEASED_S13'), section: 's. 13' }),
    );
    expect(refusalText(t, wrong, 'staff', c)).toContain('This cannot be done now (s. 13)');
    const unknown = new Refusal('REFUSED', 's. 14', { reason: 'SOMETHING_NEW' });
    expect(refusalText(t, unknown, 'staff', c)).toContain('SOMETHING_NEW');
    expect(refusalText(t, unknown, 'owner', c)).not.toContain('SOMETHING_NEW');
    expect(refusalText(t, unknown, 'owner', c)).toContain('the law does not allow it at this stage');
  });
});
