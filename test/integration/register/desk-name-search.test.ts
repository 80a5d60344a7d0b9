// The desk's register search for people and villages as people spell them: the seizer's and the owner's names and
// residences found from either script ("Kukas" finds कुकस, कुकस finds "Kukas", "Suresh" finds सुरेश), with the
// spelling slips the place search allows, and nothing found in another pound — on PGlite and on Postgres.
import { describe, expect, it } from 'vitest';
import { registerPage } from '../../../src/services/desk';
import { spelledLike, spellingKey } from '../../../src/services/desk/name-search';
import { caseFixture } from '../../support/case-builder';
import { dbKinds, suiteDatabase } from '../../support/db';

const kinds = await dbKinds();
const NOW = new Date('2026-11-29T10:00:00+05:30');

describe.each(kinds)('desk register search by names in either script (%s)', (kind) => {
  const numbers: Record<string, string> = {};
  let poundId = 0;
  const t = suiteDatabase(kind, async (db) => {
    const made: Array<[string, string, Record<string, string | null>]> = [
      ['suresh-hi', 'TSN1', { seizerName: 'सुरेश कुमार', seizerResidence: 'कुकस', ownerName: null }],
      ['kukas-en', 'TSN1', { seizerName: 'Mohan Lal', seizerResidence: 'Kukas', ownerName: 'Bhanwar Singh' }],
      ['owner-hi', 'TSN1', { seizerName: 'Gopal', ownerName: 'भंवर लाल', ownerResidence: 'चौमूं' }],
      ['owner-en', 'TSN1', { seizerName: 'Gopal', ownerName: 'Ramesh Meena', ownerResidence: 'Chomu' }],
      ['elsewhere', 'TSN2', { seizerName: 'सुरेश', seizerResidence: 'Kukas', ownerName: 'Suresh' }],
    ];
    for (const [key, pound, people] of made) {
      const c = await caseFixture(db, {
        pound,
        makePound: true,
        impoundedAt: '2026-11-20T09:30:00+05:30',
        place: 'Achrol',
        heads: [['cow', 'white cow']],
        ...people,
      }).build();
      numbers[key] = c.number;
    }
    poundId = (await db.pound.findUniqueOrThrow({ where: { code: 'TSN1' } })).id;
  });

  const search = async (q: string) => {
    const page = await registerPage(
      t.prisma,
      { poundId, status: 'all', q, sort: 'date', dir: 'desc', page: 1 },
      NOW,
      {},
    );
    return page.rows.map((r) => r.number).sort();
  };
  const only = (...keys: string[]) => keys.map((k) => numbers[k]).sort();

  it("finds the seizer's name and village written in Devanagari by a Latin spelling", async () => {
    expect(await search('Suresh')).toEqual(only('suresh-hi'));
    expect(await search('suresh kumar')).toEqual(only('suresh-hi'));
    expect(await search('Kukas')).toEqual(only('suresh-hi', 'kukas-en'));
    expect(await search('kookas')).toEqual(only('suresh-hi', 'kukas-en'));
  });

  it('finds Latin names and villages by their Devanagari spelling', async () => {
    expect(await search('कुकस')).toEqual(only('suresh-hi', 'kukas-en'));
    expect(await search('मोहन')).toEqual(only('kukas-en'));
    expect(await search('रमेश')).toEqual(only('owner-en'));
    expect(await search('चौमूं')).toEqual(only('owner-hi', 'owner-en'));
  });

  it("finds the owner's name and village in either script, with a slip in a long name", async () => {
    expect(await search('Bhanwar')).toEqual(only('kukas-en', 'owner-hi'));
    expect(await search('भंवर')).toEqual(only('kukas-en', 'owner-hi'));
    expect(await search('Chomu')).toEqual(only('owner-hi', 'owner-en'));
    // Every word somewhere in the entry: भंवर लाल, and Bhanwar Singh whose seizer is Mohan Lal.
    expect(await search('Bhanvar lal')).toEqual(only('kukas-en', 'owner-hi'));
    expect(await search('लाल')).toEqual(only('kukas-en', 'owner-hi'));
    expect(await search('Rameshh')).toEqual(only('owner-en'));
  });

  it('requires every word, and finds nothing for a name spelt otherwise or of another pound', async () => {
    expect(await search('Suresh Chomu')).toEqual([]);
    expect(await search('Dinesh')).toEqual([]);
    expect((await spelledLike(t.prisma, poundId, ['Suresh'])).get('Suresh')).toEqual(['सुरेश कुमार']);
    expect(spellingKey('4411')).toBe('');
    expect(spellingKey('Ra')).toBe('');
    expect(spellingKey('Lal')).toBe('l');
  });
});
