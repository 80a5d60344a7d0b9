import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type Translator } from '../../../src/i18n';
import { CATTLE_CLASS_CODES } from '../../../src/law';
import {
  classOfCell,
  IMPORT_COLUMNS,
  importTemplate,
  importWords,
  type ImportWords,
  readRegisterCsv,
  splitCsv,
} from '../../../src/services/register';

// The paper register's CSV in Hindi or English: the template of each language reads back as its own example entries;
// column names and cattle words of either language (and the chat's words) are understood; several kinds of cattle
// in one entry are rows with one serial.
describe('the paper register in Hindi and English', () => {
  let tr: Translator;
  let words: ImportWords;
  beforeAll(async () => {
    tr = await createTranslator();
    words = importWords(tr);
  });

  it('reads each template back: a cow and her calf in one entry, and an entry with its paper steps', () => {
    for (const lang of ['hi', 'en'] as const) {
      const csv = importTemplate(tr, lang);
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(splitCsv(csv)[0]!.length).toBe(IMPORT_COLUMNS.length);
      const { rows, unreadable } = readRegisterCsv(csv, words);
      expect(unreadable, lang).toEqual([]);
      expect(rows.map((r) => [r.serial, r.entry.groups.map((g) => [g.cattleClass, g.count])])).toEqual([
        [
          '1',
          [
            ['cow', 1],
            ['calf', 1],
          ],
        ],
        ['2', [['buffalo', 2]]],
      ]);
      expect(rows[1]!.paperSteps.report).not.toBeNull();
      // Without the words, a Hindi header is not understood (what the words add is real).
      if (lang === 'hi') expect(readRegisterCsv(csv).unreadable[0]).toMatchObject({ problem: 'BAD_HEADER' });
    }
  });

  it('takes every class in either language, singular or plural, and the chat’s spellings', () => {
    for (const lang of ['hi', 'en'] as const)
      for (const c of CATTLE_CLASS_CODES)
        for (const count of [1, 2])
          expect(classOfCell(words, ` ${tr.t(lang, `common:cattle.${c}`, { count })} `)).toBe(c);
    expect(classOfCell(words, 'bhains')).toBe('buffalo');
    expect(classOfCell(words, 'COW')).toBe('cow');
    expect(classOfCell(words, 'dragon')).toBeNull();
  });

  it('mixes Hindi and English column names; a second row of an entry adds a kind, a differing fact is refused', () => {
    const csv = [
      'क्रमांक,Brought in (day and hour),पशु का प्रकार,पशुओं की संख्या,विवरण,Place of seizure,जब्त करने वाला',
      '7,2026-11-02 09:00,गाय,1,काली गाय,Kukas,Ram Lal',
      '7,,बछड़ा,1,उसका बछड़ा,,',
      '7,2026-11-02 09:00,भैंसें,2,दो भैंसें,Kukas,Ram Lal',
      '8,2026-11-03 09:00,cow,1,red cow,Kukas,Ram Lal',
      '8,2026-11-04 09:00,calf,1,calf,Kukas,Ram Lal',
      '9,2026-11-03 09:00,cow,,red cow,Kukas,Ram Lal',
    ].join('\n');
    const { rows, unreadable } = readRegisterCsv(csv, words);
    expect(rows.find((r) => r.serial === '7')!.entry.groups).toEqual([
      { cattleClass: 'cow', count: 1, descriptions: ['काली गाय'] },
      { cattleClass: 'calf', count: 1, descriptions: ['उसका बछड़ा'] },
      { cattleClass: 'buffalo', count: 2, descriptions: ['दो भैंसें'] },
    ]);
    expect(rows.find((r) => r.serial === '8')!.entry.groups).toHaveLength(1);
    expect(unreadable).toEqual([
      { line: 6, serial: '8', status: 'unreadable', problem: 'DUPLICATE_SERIAL', field: 'impounded' },
      { line: 7, serial: '9', status: 'unreadable', problem: 'MISSING', field: 'count' },
    ]);
  });
});
