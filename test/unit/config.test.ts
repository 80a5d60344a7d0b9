import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { POUND_CODE } from '../../src/admin/pounds-command';
import { ConfigError, createConfig } from '../../src/config';
import { caseUrl, LONGEST_CASE_NUMBER, QR_ERROR_CORRECTION } from '../../src/case-url';

describe('config', () => {
  it('fills defaults when nothing is set', () => {
    const c = createConfig({});
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(c.DATA_DIR).toBe('./data');
    expect(c.BOT_TOKEN).toBeUndefined();
    expect(c.S20_COMPLAINT_WINDOW_DAYS).toBe(10);
  });

  it.each([
    ['BOT_TOKEN', 'not-a-token'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'localhost:6379'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['TELEGRAM_GLOBAL_PER_SECOND', 'fast'],
    ['DEFAULT_LANGUAGE', 'fr'],
  ])('rejects a bad %s with the variable named', (name, value) => {
    let error: unknown;
    try {
      createConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message.split('\n')).toHaveLength(1);
  });

  it('requires a secret when a webhook is configured', () => {
    expect(() => createConfig({ WEBHOOK_URL: 'https://example.org/hook' })).toThrow(/WEBHOOK_SECRET/);
  });

  it('never echoes a bad token', () => {
    expect(() => createConfig({ BOT_TOKEN: 'secret-value' })).toThrow(/\*\*\*/);
  });
  // Every notice prints a QR code of <PUBLIC_URL>/c/<number>: a PUBLIC_URL it cannot hold would fail every notice PDF.
  describe("PUBLIC_URL and the notice's QR code", () => {
    const url = (length: number) => `https://kanji.example.gov.in/${'p'.repeat(length - 29)}`;
    /** The longest PUBLIC_URL the config accepts (a search over the length). */
    const longestAccepted = () => {
      let lo = 29;
      let hi = 4000;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        try {
          createConfig({ PUBLIC_URL: url(mid) });
          lo = mid;
        } catch {
          hi = mid - 1;
        }
      }
      return lo;
    };

    it('takes the longest case number from the longest pound code, a four-digit year and the largest serial', () => {
      const [code, year, serial] = LONGEST_CASE_NUMBER.split('-');
      expect(POUND_CODE.test(code!)).toBe(true);
      expect(POUND_CODE.test(`${code}9`)).toBe(false);
      expect(POUND_CODE.test(`W${code}`)).toBe(false);
      expect(year).toHaveLength(4);
      expect(Number(serial)).toBe(2 ** 31 - 1);
    });

    it('refuses, in one line naming PUBLIC_URL, an address the QR code cannot hold with the longest case number', () => {
      const longest = longestAccepted();
      expect(longest).toBeGreaterThan(2000);
      expect(() =>
        QRCode.create(caseUrl(url(longest), LONGEST_CASE_NUMBER), { errorCorrectionLevel: QR_ERROR_CORRECTION }),
      ).not.toThrow();
      expect(() =>
        QRCode.create(caseUrl(url(longest + 1), LONGEST_CASE_NUMBER), { errorCorrectionLevel: QR_ERROR_CORRECTION }),
      ).toThrow();
      let error: unknown;
      try {
        createConfig({ PUBLIC_URL: url(longest + 1) });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe('PUBLIC_URL');
      expect((error as Error).message).toMatch(/^Configuration error: PUBLIC_URL is too long for the notice's QR code/);
      expect((error as Error).message.split('\n')).toHaveLength(1);
    });

    it('accepts an ordinary address', () => {
      expect(createConfig({ PUBLIC_URL: 'https://kanji.example.gov.in/' }).PUBLIC_URL).toBe(
        'https://kanji.example.gov.in',
      );
    });
  });
});
