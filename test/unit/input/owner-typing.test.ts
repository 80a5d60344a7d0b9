import { describe, expect, it } from 'vitest';
import { findDate, parseRupees } from '../../../src/services/typed-input';
import { parseUpiRef } from '../../../src/services/typed-answers';

const NOW = new Date('2026-11-29T10:00:00+05:30');

describe('parseRupees', () => {
  it.each([
    ['1250', 125000],
    ['1,250', 125000],
    ['₹1,250.50', 125050],
    ['Rs 1250/-', 125000],
    ['१२५०', 125000],
    ['1250 रुपये', 125000],
    ['1,23,456.7', 12345670],
    ['0.01', 1],
  ])('reads %s as %d paise', (typed, paise) => {
    expect(parseRupees(typed)).toBe(paise);
  });
  it.each(['12OO', 'ek hazaar', '-5', '1.234', '', '0', 'abc', '12 34', '1e3', '99999999999999'])(
    'refuses %j',
    (typed) => {
      expect(parseRupees(typed)).toBeNull();
    },
  );
});

describe('parseUpiRef', () => {
  it('accepts a 12-digit UTR with spaces, refuses junk', () => {
    expect(parseUpiRef('6123 4567 8901')).toBe('612345678901');
    expect(parseUpiRef('abc')).toBeNull();
    expect(parseUpiRef('paid!!')).toBeNull();
    // A name typed at the reference prompt is not a reference.
    expect(parseUpiRef('Ramesh Kumar')).toBeNull();
    expect(parseUpiRef('AXIS 2311 4567 89')).toBe('AXIS2311456789');
  });
});

describe('findDate', () => {
  it.each([
    ['27/11/2026', 'past', '2026-11-27'],
    ['27-11-26', 'past', '2026-11-27'],
    ['२७.११.२०२६', 'past', '2026-11-27'],
    ['Kunda 27 Nov', 'past', '2026-11-27'],
    ['कुंडा 27 नवंबर', 'past', '2026-11-27'],
    ['2026-12-05', 'future', '2026-12-05'],
    ['5/12', 'future', '2026-12-05'],
    ['5/12', 'past', '2025-12-05'],
    ['आज', 'past', '2026-11-29'],
    ['कल', 'past', '2026-11-28'],
    ['कल', 'future', '2026-11-30'],
    ['+3', 'future', '2026-12-02'],
    ['3 दिन बाद', 'future', '2026-12-02'],
  ] as const)('%s (%s) → %s', (text, lean, date) => {
    expect(findDate(text, NOW, lean)?.date).toBe(date);
  });

  it('removes the date from the text and refuses impossible dates', () => {
    expect(findDate('Kunda 27 Nov', NOW, 'past')?.rest).toBe('Kunda');
    expect(findDate('31/02/2026', NOW, 'past')).toBeNull();
    expect(findDate('2 buffaloes black', NOW, 'past')).toBeNull();
  });
});
