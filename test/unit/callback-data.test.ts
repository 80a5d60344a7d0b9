import { describe, expect, it } from 'vitest';
import { decodeCallback, encodeCallback } from '../../src/callback-data';

describe('signed callback data', () => {
  const secret = 's3cret';
  it('round-trips action and args', () => {
    const data = encodeCallback(secret, 'pay', 'ok', 12345);
    expect(decodeCallback(secret, data)).toEqual({ action: 'pay', args: ['ok', '12345'] });
  });
  it('refuses altered, forged and foreign data', () => {
    const data = encodeCallback(secret, 'pay', 'ok', 12345);
    expect(decodeCallback(secret, data.replace('12345', '12346'))).toBeNull();
    expect(decodeCallback('other', data)).toBeNull();
    expect(decodeCallback(secret, 'pay|ok|12345')).toBeNull();
    expect(decodeCallback(secret, undefined)).toBeNull();
  });
  it('refuses data over Telegram’s 64-byte limit', () => {
    expect(() => encodeCallback(secret, 'x'.repeat(60))).toThrow(/64 bytes/);
  });
});
