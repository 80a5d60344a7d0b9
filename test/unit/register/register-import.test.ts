import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, readRegisterCsv, splitCsv } from '../../../src/services/register';

const HEADER = 'serial,impounded,class,count,description,place,seizer,report,notice,village,market';

describe('the paper register as CSV: reading rows', () => {
  it('splits quoted values, doubled quotes, CRLF, a byte order mark and semicolon-separated files', () => {
    expect(splitCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
    expect(splitCsv('a;b\n1;2\n\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads a row with its paper steps in either date form; says which rows cannot be read and why', () => {
    const { rows, unreadable } = readRegisterCsv(
      [
        HEADER,
        '7,2026-11-01 09:00,buffalo,2,black,Kunda,Ram,17.11.2026 10:00,2026-11-17T11:00,,',
        '8,yesterday,cow,1,white,Kunda,Ram,,,,',
        '9,2026-11-01 09:00,cow,two,white,Kunda,Ram,,,,',
        '7,2026-11-02 09:00,cow,1,white,Kunda,Ram,,,,',
        '10,2026-11-02 09:00,cow,1,,Kunda,Ram,,,,',
      ].join('\n'),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ line: 2, serial: '7' });
    expect(rows[0]!.entry.groups).toEqual([{ cattleClass: 'buffalo', count: 2, descriptions: ['black'] }]);
    expect(rows[0]!.paperSteps.report).toEqual(new Date('2026-11-17T10:00:00+05:30'));
    expect(rows[0]!.paperSteps.notice).toEqual(new Date('2026-11-17T11:00:00+05:30'));
    expect(rows[0]!.paperSteps.village).toBeNull();
    expect(unreadable.map((u) => (u.status === 'unreadable' ? [u.line, u.problem, u.field] : null))).toEqual([
      [3, 'BAD_TIME', 'impounded'],
      [4, 'BAD_COUNT', 'count'],
      [5, 'DUPLICATE_SERIAL', 'impounded'],
      [6, 'MISSING', 'description'],
    ]);
  });

  it('refuses a file without the required columns or with too many rows', () => {
    expect(readRegisterCsv('serial,impounded\n1,2026-11-01 09:00').unreadable[0]).toMatchObject({
      problem: 'BAD_HEADER',
      field: 'class, count, description, place, seizer',
    });
    const many = [HEADER, ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `${i},x,cow,1,d,p,s,,,,`)];
    expect(readRegisterCsv(many.join('\n')).unreadable[0]).toMatchObject({ problem: 'TOO_MANY_ROWS' });
  });
});
