import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseName } from '../../../src/services/sale';
import { parseDate, parseDateTime, parseRupees } from '../../../src/services/typed-input';
import { parseCaseNumber } from '../../../src/services/cases';

const NOW = new Date('2026-11-29T10:00:00+05:30');

describe('parseDateTime (India time)', () => {
  it('reads day and hour in the usual Indian forms', () => {
    expect(parseDateTime('29.11.2026 14:30', NOW)?.toISOString()).toBe('2026-11-29T09:00:00.000Z');
    expect(parseDateTime('29/11/2026 2:30 pm', NOW)?.toISOString()).toBe('2026-11-29T09:00:00.000Z');
    expect(parseDateTime('2026-11-29 14:30', NOW)?.toISOString()).toBe('2026-11-29T09:00:00.000Z');
    expect(parseDateTime('२९.११.२०२६ १४:३०', NOW)?.toISOString()).toBe('2026-11-29T09:00:00.000Z');
    expect(parseDateTime('12:15 am', NOW)?.toISOString()).toBe('2026-11-28T18:45:00.000Z');
  });
  it('takes a bare time as today in India, even when UTC is still on the previous day', () => {
    const earlyIst = new Date('2026-11-29T01:00:00+05:30'); // 28 Nov 19:30 UTC
    expect(parseDateTime('09:00', earlyIst)?.toISOString()).toBe('2026-11-29T03:30:00.000Z');
  });
  it('refuses what is not a real day and hour', () => {
    for (const bad of [
      '31.02.2026 10:00',
      '29.11.2026 24:00',
      '29.11.2026 10:60',
      '13:00 pm',
      'tomorrow',
      '29.11.2026',
      '',
    ]) {
      expect(parseDateTime(bad, NOW), bad).toBeNull();
    }
  });
});

describe('parseDate', () => {
  it('reads dd.mm.yyyy and ISO, refuses impossible dates', () => {
    expect(parseDate('16.11.2026')).toBe('2026-11-16');
    expect(parseDate('1/2/2027')).toBe('2027-02-01');
    expect(parseDate('2026-11-16')).toBe('2026-11-16');
    expect(parseDate('29.02.2027')).toBeNull();
    expect(parseDate('16-11-26')).toBeNull();
  });
});

describe('parseRupees (rupees → whole paise, no floating point)', () => {
  it('reads the forms staff type', () => {
    expect(parseRupees('1250')).toBe(125000);
    expect(parseRupees('1,250.5')).toBe(125050);
    expect(parseRupees('₹ 1,25,000.75')).toBe(12500075);
    expect(parseRupees('Rs 1250/-')).toBe(125000);
    expect(parseRupees('१२५०')).toBe(125000);
  });
  it('refuses letters, negatives, three decimals, and zero unless allowed', () => {
    for (const bad of ['12a0', '-5', '1.234', 'ek hazaar', '', '0']) expect(parseRupees(bad), bad).toBeNull();
    expect(parseRupees('0', { allowZero: true })).toBe(0);
    expect(parseRupees('0.00', { allowZero: true })).toBe(0);
  });
  it('round-trips every amount written with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (paise) => {
        const text = `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
        expect(parseRupees(text)).toBe(paise);
      }),
    );
  });
});

describe('parseCaseNumber as staff type it', () => {
  it('normalises the case numbers staff type', () => {
    expect(parseCaseNumber('jai1-2026-17')?.number).toBe('JAI1-2026-17');
    expect(parseCaseNumber('JAI1 2026 017')?.number).toBe('JAI1-2026-17');
    expect(parseCaseNumber('JAI1–२०२६–१७')?.number).toBe('JAI1-2026-17');
    expect(parseCaseNumber('JAI1/2026/17')?.number).toBe('JAI1-2026-17');
    expect(parseCaseNumber('12ab')).toBeNull();
    expect(parseCaseNumber('JAI1-26-17')).toBeNull();
  });
});

describe('normaliseName (s. 19 identity check)', () => {
  it('ignores case, punctuation, honorifics and word order', () => {
    expect(normaliseName('Shri Suresh  Kumar')).toBe(normaliseName('KUMAR, suresh'));
    expect(normaliseName('Dr. Meena Sharma')).toBe(normaliseName('meena sharma'));
    expect(normaliseName('श्री सुरेश कुमार')).toBe(normaliseName('सुरेश  कुमार'));
  });
  it('keeps different people apart', () => {
    expect(normaliseName('Suresh Kumar')).not.toBe(normaliseName('Suresh Kumari'));
    expect(normaliseName('Suresh Kumar')).not.toBe(normaliseName('Suresh Kumar Meena'));
  });
});
