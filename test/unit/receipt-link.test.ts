import { describe, expect, it } from 'vitest';
import { createConfig } from '../../src/config';
import { receiptLinkBase, verificationLink } from '../../src/services/receipts';

describe('receipt verification link (printed and in the QR code)', () => {
  it('opens the public page /r/<code> when PUBLIC_URL is configured', () => {
    const config = createConfig({ PUBLIC_URL: 'https://kanji.example.gov.in/' });
    expect(verificationLink(receiptLinkBase(config, 'KanjiBot'), 'AB12CD34')).toBe(
      'https://kanji.example.gov.in/r/AB12CD34',
    );
  });

  it('keeps the Telegram deep link without PUBLIC_URL', () => {
    expect(verificationLink(receiptLinkBase(createConfig({}), 'KanjiBot'), 'AB12CD34')).toBe(
      'https://t.me/KanjiBot?start=verify_AB12CD34',
    );
  });

  it('refuses a PUBLIC_URL that is not a web address', () => {
    expect(() => createConfig({ PUBLIC_URL: 'ftp://x.example' })).toThrow(/PUBLIC_URL/);
  });
});
