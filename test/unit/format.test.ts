import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatRupees } from '../../src/i18n';

describe('Indian formatting', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [100, '₹1.00'],
    [12345600, '₹1,23,456.00'],
    [1000000000, '₹1,00,00,000.00'],
  ])('%i paise → %s', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
    expect(formatRupees(paise, 'hi')).toBe(text);
  });

  it('shows India dates and times whatever the instant', () => {
    // 20:00 UTC on 31 May is already 1 June in India.
    expect(formatDate(new Date('2026-05-31T20:00:00Z'))).toBe('1 Jun 2026');
    expect(formatDate('2026-06-01', 'hi')).toBe('1 जून 2026');
    expect(formatDateTime(new Date('2026-11-29T10:35:00Z'))).toBe('29 Nov 2026, 4:05 pm');
    expect(formatDateTime(new Date('2026-11-29T10:35:00Z'), 'hi')).toBe('29 नवंबर 2026, शाम 4:05 बजे');
    expect(formatDate('2026-11-29', 'hi')).toBe('29 नवंबर 2026');
  });
});

describe('times as people say them', () => {
  // India time always, so no "IST"; in Hindi the part of the day and the 12-hour clock; no को, which a text adds.
  it.each([
    ['2026-11-29T00:35:00Z', '29 Nov 2026, 6:05 am', '29 नवंबर 2026, सुबह 6:05 बजे'],
    ['2026-11-29T06:30:00Z', '29 Nov 2026, 12:00 pm', '29 नवंबर 2026, दोपहर 12:00 बजे'],
    ['2026-11-29T09:29:00Z', '29 Nov 2026, 2:59 pm', '29 नवंबर 2026, दोपहर 2:59 बजे'],
    ['2026-11-29T10:30:00Z', '29 Nov 2026, 4:00 pm', '29 नवंबर 2026, शाम 4:00 बजे'],
    ['2026-11-29T14:30:00Z', '29 Nov 2026, 8:00 pm', '29 नवंबर 2026, रात 8:00 बजे'],
    ['2026-11-29T18:35:00Z', '30 Nov 2026, 12:05 am', '30 नवंबर 2026, रात 12:05 बजे'],
    ['2026-11-29T22:29:00Z', '30 Nov 2026, 3:59 am', '30 नवंबर 2026, रात 3:59 बजे'],
    ['2026-11-29T22:30:00Z', '30 Nov 2026, 4:00 am', '30 नवंबर 2026, सुबह 4:00 बजे'],
  ])('%s → "%s" / "%s"', (at, en, hi) => {
    expect(formatDateTime(at)).toBe(en);
    expect(formatDateTime(at, 'hi')).toBe(hi);
    expect(formatDateTime(at, 'hi')).not.toMatch(/IST|को/);
  });
});

describe('formatter reuse', () => {
  it('builds one Intl formatter per kind and language, not one per call', () => {
    formatDate('2026-11-29', 'hi');
    formatDateTime('2026-11-29T10:35:00Z', 'en');
    formatRupees(12345, 'en');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    for (let i = 0; i < 5; i++) {
      expect(formatDate('2026-11-29', 'hi')).toBe('29 नवंबर 2026');
      formatDateTime('2026-11-29T10:35:00Z', 'en');
      formatRupees(12345, 'en');
    }
    expect(dates).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();
    dates.mockRestore();
    numbers.mockRestore();
  });
});
