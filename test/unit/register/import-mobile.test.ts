import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type Translator } from '../../../src/i18n';
import {
  importTemplate,
  importWords,
  type ImportWords,
  readRegisterCsv,
  splitCsv,
} from '../../../src/services/register';
import { MobileVault } from '../../../src/services/sms';

// The owner's mobile as a column of the paper register's CSV: named in Hindi or English, read as the seizure form reads
// it (an Indian mobile, sealed at once, with its SMS language), refused for the row when it is not one or when SMS is
// not set up — and the number typed is nowhere in what the reader returns but sealed.
const vault = new MobileVault(Buffer.alloc(32, 9).toString('base64'));

describe('the owner’s mobile in the paper register’s CSV', () => {
  let tr: Translator;
  let words: ImportWords;
  beforeAll(async () => {
    tr = await createTranslator();
    words = importWords(tr);
  });

  const hiHeader = () => {
    const t = (c: string) => tr.t('hi', `staff:import.column.${c}`);
    return ['serial', 'impounded', 'class', 'count', 'description', 'place', 'seizer', 'mobile', 'mobile_language']
      .map(t)
      .join(',');
  };

  it('reads the mobile under its Hindi or English column name, sealed, with its SMS language', () => {
    const csv = [
      hiHeader(),
      '1,2026-11-01 09:00,गाय,1,सफ़ेद,कुकस,रामलाल,+91 98765 43210,अंग्रेज़ी',
      '2,2026-11-01 10:00,गाय,1,भूरी,कुकस,रामलाल,०९८७६५४३२११,',
      '3,2026-11-01 11:00,गाय,1,काली,कुकस,रामलाल,,',
    ].join('\n');
    const { rows, unreadable } = readRegisterCsv(csv, words, { seal: vault });
    expect(unreadable).toEqual([]);
    expect(rows.map((r) => r.mobile?.language ?? null)).toEqual(['en', 'hi', null]);
    expect(vault.open(rows[0]!.mobile!.cipher)).toBe('9876543210');
    expect(rows[0]!.mobile!.numberTag).toBe(vault.tag('9876543210'));
    expect(rows[1]!.mobile!.last4).toBe('3211');
    // Only the sealed form: the digits typed are nowhere in what was read.
    const read = JSON.stringify(rows);
    for (const digits of ['9876543210', '98765 43210', '९८७६५४३२११', '9876543211']) expect(read).not.toContain(digits);
    const en = `serial,impounded,class,count,description,place,seizer,${tr.t('en', 'staff:import.column.mobile')},${tr.t('en', 'staff:import.column.mobile_language')}\n1,2026-11-01 09:00,cow,1,white,Kukas,Ram,9876543210,Hindi`;
    expect(readRegisterCsv(en, words, { seal: vault }).rows[0]!.mobile!.language).toBe('hi');
  });

  it('makes a bad number, a bad language or a number without SMS the row’s problem, naming the column only', () => {
    const csv = [
      hiHeader(),
      '1,2026-11-01 09:00,गाय,1,सफ़ेद,कुकस,रामलाल,12345,',
      '2,2026-11-01 09:00,गाय,1,सफ़ेद,कुकस,रामलाल,0141 2223344,',
      '3,2026-11-01 09:00,गाय,1,सफ़ेद,कुकस,रामलाल,9876543210,फ़्रेंच',
      '4,2026-11-01 09:00,गाय,1,सफ़ेद,कुकस,रामलाल,9876543210,',
    ].join('\n');
    const { rows, unreadable } = readRegisterCsv(csv, words, { seal: vault });
    expect(rows.map((r) => r.serial)).toEqual(['4']);
    expect(unreadable.map((u) => (u.status === 'unreadable' ? [u.line, u.problem, u.field] : null))).toEqual([
      [2, 'BAD_MOBILE', 'mobile'],
      [3, 'BAD_MOBILE', 'mobile'],
      [4, 'BAD_LANGUAGE', 'mobile_language'],
    ]);
    expect(JSON.stringify(unreadable)).not.toMatch(/12345|2223344|9876543210/);
    // SMS not set up: a number in the file cannot be kept; a row without one reads as before.
    const none = readRegisterCsv(csv, words);
    expect(none.rows).toEqual([]);
    expect(none.unreadable.filter((u) => u.status === 'unreadable' && u.problem === 'NO_SMS')).toHaveLength(4);
    const plain = readRegisterCsv(`${hiHeader()}\n5,2026-11-01 09:00,गाय,1,सफ़ेद,कुकस,रामलाल,,`, words);
    expect(plain.unreadable).toEqual([]);
    expect(plain.rows[0]!.mobile).toBeNull();
  });

  it('offers the mobile and its SMS language in both templates, each in its own language', () => {
    for (const lang of ['hi', 'en'] as const) {
      const header = splitCsv(importTemplate(tr, lang))[0]!;
      expect(header).toContain(tr.t(lang, 'staff:import.column.mobile'));
      expect(header).toContain(tr.t(lang, 'staff:import.column.mobile_language'));
    }
    expect(tr.t('hi', 'staff:import.column.mobile')).toBe('स्वामी का मोबाइल');
  });
});
