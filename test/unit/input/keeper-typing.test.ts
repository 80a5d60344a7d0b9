import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDate, parseDateTime, parseRupees } from '../../../src/services/typed-input';
import { parseCount, parseKeeperReply } from '../../../src/services/typed-answers';

describe('a keeper’s reply to a payment card', () => {
  it.each([
    ['ok', { kind: 'ok', receiptBookNo: null }],
    ['OK', { kind: 'ok', receiptBookNo: null }],
    ['हाँ', { kind: 'ok', receiptBookNo: null }],
    ['ठीक है', { kind: 'ok', receiptBookNo: null }],
    ['ok RB-1234', { kind: 'ok', receiptBookNo: 'RB-1234' }],
    ['ok 77/12', { kind: 'ok', receiptBookNo: '77/12' }],
    ['RB 1234', { kind: 'ok', receiptBookNo: '1234' }],
    ['receipt no. 55A', { kind: 'ok', receiptBookNo: '55A' }],
    ['रसीद 12', { kind: 'ok', receiptBookNo: '12' }],
    ['#4411', { kind: 'ok', receiptBookNo: '4411' }],
    ['1250', { kind: 'amount', paise: 125000 }],
    ['₹1,250.50', { kind: 'amount', paise: 125050 }],
    ['Rs 1250/-', { kind: 'amount', paise: 125000 }],
    ['१२५०', { kind: 'amount', paise: 125000 }],
    ['no not received', { kind: 'no', reason: 'not received' }],
    ['No: wrong UTR', { kind: 'no', reason: 'wrong UTR' }],
    ['नहीं पैसा नहीं आया', { kind: 'no', reason: 'पैसा नहीं आया' }],
    ['no', { kind: 'no', reason: '' }],
    ['12a0', { kind: 'bad_amount', input: '12a0' }],
    ['₹ abc', { kind: 'bad_amount', input: '₹ abc' }],
    ['hello there', { kind: 'unknown' }],
    ['', { kind: 'unknown' }],
  ])('%j', (text, expected) => {
    expect(parseKeeperReply(text)).toEqual(expected);
  });

  it('reads every whole-paise amount written with two decimals back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (paise) => {
        const text = `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
        expect(parseRupees(text)).toBe(paise);
        expect(parseKeeperReply(text)).toEqual({ kind: 'amount', paise });
      }),
    );
  });

  it('never reads zero, negative or three-decimal amounts', () => {
    for (const s of ['0', '0.00', '-5', '12.345', '1,2,3', '']) expect(parseRupees(s)).toBeNull();
  });

  it('reads "/-" typed with a Hindi keyboard\'s dash, as the officers\' amounts do', () => {
    expect(parseRupees('Rs 1250/\u2010')).toBe(125000);
    expect(parseKeeperReply('₹ 1,250/\u2013')).toEqual({ kind: 'amount', paise: 125000 });
  });
});

describe('day and hour of s. 8(b)', () => {
  it('reads India time', () => {
    expect(parseDateTime('28.11.2026 14:30')?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
    expect(parseDateTime('1/1/2027 00:05')?.toISOString()).toBe('2026-12-31T18:35:00.000Z');
    expect(parseDateTime('28-11-2026 2:30 pm')?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
    expect(parseDateTime('28-11-2026 12:10 am')?.toISOString()).toBe('2026-11-27T18:40:00.000Z');
    expect(parseDateTime('२८.११.२०२६ १४:३०')?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
  });
  it('refuses what is not a real date and time', () => {
    for (const s of [
      '31.11.2026 10:00',
      '28.11.2026 24:00',
      '28.11.2026 10:60',
      '28.11.2026',
      'now',
      '28.11.26 10:00',
      '13:30 28.11.2026',
      '28.11.2026 13:00 pm',
    ]) {
      expect(parseDateTime(s), s).toBeNull();
    }
  });
  it('reads export dates and head counts', () => {
    expect(parseDate('01.11.2026')).toBe('2026-11-01');
    expect(parseDate('2026-11-30')).toBe('2026-11-30');
    expect(parseDate('30.02.2026')).toBeNull();
    expect(parseCount('3', 500)).toBe(3);
    expect(parseCount('३', 500)).toBe(3);
    expect(parseCount('0', 500)).toBeNull();
    expect(parseCount('501', 500)).toBeNull();
    expect(parseCount('2.5', 500)).toBeNull();
  });
});
