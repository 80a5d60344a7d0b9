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
    expect(formatDateTime(new Date('2026-11-29T10:35:00Z'))).toMatch(/^29 Nov 2026, 4:05 pm IST$/i);
    expect(formatDateTime(new Date('2026-11-29T10:35:00Z'), 'hi')).toBe('29 नवंबर 2026 को 16:05 बजे IST');
    expect(formatDate('2026-11-29', 'hi')).toBe('29 नवंबर 2026');
  });
});

describe('formatter reuse (issue 13)', () => {
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
