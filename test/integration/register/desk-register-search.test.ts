// The desk's register search as people spell: Devanagari and Latin spellings of a place find each other, a head's
// description and its ear tag are searched, `%` and `_` are letters, and a page past the last shows the last — on
// PGlite and on Postgres.
import { describe, expect, it } from 'vitest';
import { registerPage, REGISTER_PAGE_SIZE, type RegisterQuery } from '../../../src/services/desk';
import { caseFixture } from '../../support/case-builder';
import { dbKinds, suiteDatabase } from '../../support/db';

const kinds = await dbKinds();
const NOW = new Date('2026-11-29T10:00:00+05:30');

describe.each(kinds)('desk register search (%s)', (kind) => {
  const numbers: Record<string, string> = {};
  let poundId = 0;
  let emptyPoundId = 0;
  const t = suiteDatabase(kind, async (db) => {
    const made: Array<[string, string, string, Array<[string, string]>]> = [
      ['kukas-hi', 'कुकस', 'Mohan Lal', [['cow', 'सफ़ेद गाय']]],
      ['kunda', 'Kunda', 'रमेश', [['cow', 'brown Rathi cow, ear tag 4411']]],
      ['percent', 'Achrol', 'Ramesh 50% share', [['buffalo', 'black, horn_broken']]],
      ['plain', 'Achrol', 'Ramesh 5000', [['buffalo', 'black, horn broken, tag 4111']]],
    ];
    for (const [key, place, seizerName, heads] of made) {
      const c = await caseFixture(db, {
        pound: 'TST1',
        makePound: true,
        impoundedAt: '2026-11-20T09:30:00+05:30',
        place,
        seizerName,
        heads,
      }).build();
      numbers[key] = c.number;
    }
    poundId = (await db.pound.findUniqueOrThrow({ where: { code: 'TST1' } })).id;
    emptyPoundId = (
      await db.pound.create({ data: { ...(await poundShape(db, poundId)), code: 'TST2', name: 'Empty Pound' } })
    ).id;
  });

  const search = async (q: string, extra: Partial<RegisterQuery> = {}) => {
    const page = await registerPage(
      t.prisma,
      { poundId, status: 'all', q, sort: 'date', dir: 'desc', page: 1, ...extra },
      NOW,
      {},
    );
    return page.rows.map((r) => r.number).sort();
  };
  const only = (...keys: string[]) => keys.map((k) => numbers[k]).sort();

  it('finds a place written in Devanagari by its Latin spelling, and the other way round', async () => {
    expect(await search('Kukas')).toEqual(only('kukas-hi'));
    expect(await search('kookas')).toEqual(only('kukas-hi'));
    expect(await search('कुंडा')).toEqual(only('kunda'));
    expect(await search('कुकस')).toEqual(only('kukas-hi'));
  });

  it('finds a seizer named in Devanagari by his name in Devanagari, and a Latin one by Devanagari', async () => {
    expect(await search('रमेश')).toEqual(only('kunda', 'percent', 'plain'));
  });

  it('searches the descriptions and the ear tag, and every word must be found', async () => {
    expect(await search('Rathi')).toEqual(only('kunda'));
    expect(await search('4411')).toEqual(only('kunda'));
    expect(await search('tag 4111')).toEqual(only('plain'));
    expect(await search('गाय')).toEqual(only('kukas-hi'));
    expect(await search('black Kunda')).toEqual([]);
  });

  it('reads % and _ as the letters they are', async () => {
    expect(await search('50%')).toEqual(only('percent'));
    expect(await search('%')).toEqual(only('percent'));
    expect(await search('horn_broken')).toEqual(only('percent'));
    expect(await search('_')).toEqual(only('percent'));
    expect(await search('\\')).toEqual([]);
  });

  it('finds the entry by its number, in any case of letters', async () => {
    const n = numbers.kunda!;
    expect(await search(n.toLowerCase())).toEqual([n]);
  });

  it('shows the last page, never "page 2 of 1"', async () => {
    const run = (q: string | undefined, page: number, pound = poundId) =>
      registerPage(t.prisma, { poundId: pound, status: 'all', q, sort: 'date', dir: 'desc', page }, NOW, {});
    const past = await run('Achrol', 2);
    expect(past).toMatchObject({ page: 1, pages: 1, total: 2 });
    expect(past.rows).toHaveLength(2);
    const far = await run(undefined, 400);
    expect(far.page).toBe(far.pages);
    expect(far.rows.length).toBeGreaterThan(0);
    expect(far.rows.length).toBeLessThanOrEqual(REGISTER_PAGE_SIZE);
    const none = await run(undefined, 3, emptyPoundId);
    expect(none).toMatchObject({ page: 1, pages: 1, total: 0, rows: [] });
  });
});

/** The fields a second pound copies from the first (its area, state and rules). */
async function poundShape(db: import('../../../src/db').Db, id: number) {
  const { id: _id, code: _code, name: _name, ...rest } = await db.pound.findUniqueOrThrow({ where: { id } });
  return rest;
}
