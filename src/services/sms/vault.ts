import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The owner's mobile number at rest: AES-256-GCM under SMS_DATA_KEY (32 bytes, base64, from the environment),
 * a fresh 12-byte IV per number, stored as base64(iv | tag | ciphertext). The number is decrypted only by the
 * SMS sender, at the moment of sending. `numberTag` (an HMAC under a key derived from the same secret) lets the
 * database tell that the same number was recorded twice for a case without holding it in clear.
 */
export class MobileVault {
  private readonly key: Buffer;
  private readonly tagKey: Buffer;

  constructor(base64Key: string) {
    const key = Buffer.from(base64Key, 'base64');
    if (key.length !== 32) throw new Error('SMS_DATA_KEY must be 32 bytes (base64)');
    this.key = key;
    this.tagKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'kanji owner mobile tag', 32));
  }

  /** Encrypts ten digits; the result names nothing of the number. */
  seal(tenDigits: string): { cipher: string; numberTag: string; last4: string } {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(tenDigits, 'utf8'), c.final()]);
    return {
      cipher: Buffer.concat([iv, c.getAuthTag(), body]).toString('base64'),
      numberTag: this.tag(tenDigits),
      last4: tenDigits.slice(-4),
    };
  }

  /** Decrypts what `seal` wrote; throws if it was altered or sealed under another key. */
  open(cipher: string): string {
    const raw = Buffer.from(cipher, 'base64');
    const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  }

  /** 32 hex characters of an HMAC of the number: equal for equal numbers, useless without the key. */
  tag(tenDigits: string): string {
    return createHmac('sha256', this.tagKey).update(tenDigits).digest('hex').slice(0, 32);
  }
}
