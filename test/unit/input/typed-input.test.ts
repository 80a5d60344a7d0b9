import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDate, parseDate, parseDateTime, parseRupees } from '../../../src/services/typed-input';

// Written independently of the parser: how people in India write an amount.
function indianGrouping(whole: string): string {
  if (whole.length <= 3) return whole;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}
function internationalGrouping(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
const devanagari = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0966 + Number(d)));

const amount = fc.record({
  paise: fc.integer({ min: 1, max: 99_999_999_999_99 }),
  grouping: fc.constantFrom('none', 'indian', 'international'),
  prefix: fc.constantFrom('', '₹', '₹ ', 'Rs ', 'Rs. ', 'rs', 'INR '),
  suffix: fc.constantFrom('', '/-', ' /-', ' rupees', ' रुपये', ' रु', '/\u2010'),
  hindiDigits: fc.boolean(),
});

function written(a: { paise: number; grouping: string; prefix: string; suffix: string; hindiDigits: boolean }): string {
  const whole = String(Math.floor(a.paise / 100));
  const p = a.paise % 100;
  const grouped =
    a.grouping === 'indian'
      ? indianGrouping(whole)
      : a.grouping === 'international'
        ? internationalGrouping(whole)
        : whole;
  const figure = p === 0 ? grouped : `${grouped}.${String(p).padStart(2, '0')}`;
  const text = `${a.prefix}${figure}${a.suffix}`;
  return a.hindiDigits ? devanagari(text) : text;
}

describe('parseRupees — one reading for owners, keepers and officers', () => {
  it('reads back every amount as people write it (₹, Rs, /-, rupees, रुपये, lakh or thousand grouping, Devanagari digits)', () => {
    fc.assert(
      fc.property(amount, (a) => {
        expect(parseRupees(written(a))).toBe(a.paise);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses digits split by a space: "12 34" is not guessed at', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 10 ** 9 }), fc.nat(), (n, k) => {
        const s = String(n);
        const at = 1 + (k % (s.length - 1));
        expect(parseRupees(`${s.slice(0, at)} ${s.slice(at)}`)).toBeNull();
      }),
    );
  });

  it('refuses a figure with a stray letter, a sign, three decimals or irregular grouping', () => {
    for (const bad of [
      '12a0',
      '12OO',
      '-5',
      '+5',
      '1.234',
      '12,34',
      '1,2,3',
      '1,2345',
      '1,25,0000',
      'ek hazaar',
      '',
      '₹',
      '1250.',
      '.50',
      '0',
    ]) {
      expect(parseRupees(bad), bad).toBeNull();
    }
  });

  it('zero only where allowed (the expenses of a sale may be nil)', () => {
    expect(parseRupees('0', { allowZero: true })).toBe(0);
    expect(parseRupees('₹0.00', { allowZero: true })).toBe(0);
    expect(parseRupees('0.00')).toBeNull();
  });

  it('refuses amounts beyond ₹999,99,99,999.99 rather than risk them in arithmetic', () => {
    expect(parseRupees('99999999999.99')).toBe(9_999_999_999_999);
    expect(parseRupees('100000000000')).toBeNull();
  });
});

describe('parseDate / parseDateTime — India dates and times, day first', () => {
  const day = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  });

  it('reads every day written dd.mm.yyyy, dd/mm/yyyy, dd-mm-yyyy, yyyy-mm-dd, in either script', () => {
    fc.assert(
      fc.property(day, fc.constantFrom('.', '/', '-', 'iso'), fc.boolean(), (d, sep, hindi) => {
        const [y, m, dd] = d.toISOString().slice(0, 10).split('-') as [string, string, string];
        const text = sep === 'iso' ? `${y}-${m}-${dd}` : `${dd}${sep}${m}${sep}${y}`;
        expect(parseDate(hindi ? devanagari(text) : text)).toBe(`${y}-${m}-${dd}`);
      }),
    );
  });

  const EN_MONTHS = [
    'Jan',
    'February',
    'Mar',
    'April',
    'May',
    'June',
    'Jul',
    'August',
    'Sept',
    'October',
    'Nov',
    'December',
  ];
  const HI_MONTHS = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'];

  it('reads every day written with the month in words, English or Hindi ("28 Nov 2026", "२८ नवंबर २०२६")', () => {
    fc.assert(
      fc.property(day, fc.boolean(), fc.boolean(), (d, hindiMonth, hindiDigits) => {
        const [y, m, dd] = d.toISOString().slice(0, 10).split('-') as [string, string, string];
        const text = `${Number(dd)} ${(hindiMonth ? HI_MONTHS : EN_MONTHS)[Number(m) - 1]} ${y}`;
        expect(parseDate(hindiDigits ? devanagari(text) : text)).toBe(`${y}-${m}-${dd}`);
      }),
    );
  });

  it('is one reading: what an official may type (a complete date) an owner’s search reads as the same day', () => {
    const now = new Date('2026-11-30T12:00:00+05:30');
    fc.assert(
      fc.property(
        day,
        fc.constantFrom('.', '/', '-', 'iso', 'words'),
        fc.constantFrom<'past' | 'future'>('past', 'future'),
        (d, sep, lean) => {
          const [y, m, dd] = d.toISOString().slice(0, 10).split('-') as [string, string, string];
          const text =
            sep === 'iso'
              ? `${y}-${m}-${dd}`
              : sep === 'words'
                ? `${dd} ${EN_MONTHS[Number(m) - 1]} ${y}`
                : `${dd}${sep}${m}${sep}${y}`;
          expect(findDate(text, now, lean)?.date).toBe(parseDate(text));
        },
      ),
    );
  });

  it('refuses for an official record what only an owner’s search may guess at (no year, two-digit year, relative days)', () => {
    const now = new Date('2026-11-30T12:00:00+05:30');
    const cases: Array<[string, 'past' | 'future', string]> = [
      ['27.11', 'past', '2026-11-27'],
      ['27-11-26', 'past', '2026-11-27'],
      ['27 Nov', 'past', '2026-11-27'],
      ['आज', 'past', '2026-11-30'],
      ['कल', 'past', '2026-11-29'],
      ['कल', 'future', '2026-12-01'],
      ['+3', 'future', '2026-12-03'],
    ];
    for (const [text, lean, ownerReads] of cases) {
      expect(parseDate(text), text).toBeNull();
      expect(findDate(text, now, lean)?.date, `${text} (${lean})`).toBe(ownerReads);
    }
  });

  it('refuses days that do not exist', () => {
    for (const bad of ['31.11.2026', '29.02.2027', '00.01.2026', '2026-13-01', '1.1.26', 'kal'])
      expect(parseDate(bad), bad).toBeNull();
  });

  it('reads a day and hour as India time; a bare time only when today is given', () => {
    expect(parseDateTime('28.11.2026 14:30')?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
    expect(parseDateTime('28-11-2026, 12:10 am')?.toISOString()).toBe('2026-11-27T18:40:00.000Z');
    expect(parseDateTime('२८.११.२०२६ १४:३०')?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
    expect(parseDateTime('14:30')).toBeNull();
    // 20:00 UTC on 28 Nov is already 29 Nov in India.
    expect(parseDateTime('2:30 pm', new Date('2026-11-28T20:00:00Z'))?.toISOString()).toBe('2026-11-29T09:00:00.000Z');
    expect(parseDateTime('28 Nov 2026 2:30 pm')?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
    for (const bad of [
      '28.11.2026 24:00',
      '28.11 14:30',
      'kal 14:30',
      '28.11.2026 13:00 pm',
      '28.11.2026 0:30 am',
      '28.11.2026',
    ])
      expect(parseDateTime(bad), bad).toBeNull();
  });
});
