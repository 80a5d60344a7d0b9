import { describe, expect, it } from 'vitest';
import { BadInput, isBase64, PHOTO_FIELD_MAX, photoOf } from '../../src/http/desk/request';

// The desk's photo field (base64 of the file, as the page's script sends it). It runs to megabytes: it is read without
// a pattern that backtracks (one did, on CI, throw "Maximum call stack size exceeded" from the regular expression
// engine on a 4 MB phone photo and on a 16 MB one, answered 500).

describe("the desk's photo field", () => {
  it('reads base64 with at most two "=" at its end, and nothing else', () => {
    for (const ok of ['QQ==', 'QUI=', 'QUJD', 'a+/9', Buffer.from('photo bytes').toString('base64')])
      expect(isBase64(ok), ok).toBe(true);
    for (const bad of ['', '=', '==', 'QQ===', 'Q=Q=', 'QQ=A', 'QU I=', 'QUJD\n', 'QUJD-_', 'ÄÖ'])
      expect(isBase64(bad), JSON.stringify(bad)).toBe(false);
  });

  it('takes a phone photo of megabytes, refuses a longer one as too big before reading it, and junk as bad input', () => {
    const photo = Buffer.alloc(12 * 1024 * 1024, 0xab);
    // Built from chunks, as a body parser builds it.
    let field = '';
    for (let i = 0; i < 4096; i++) field += photo.subarray(i * 3072, (i + 1) * 3072).toString('base64');
    expect(field.length).toBeLessThanOrEqual(PHOTO_FIELD_MAX);
    const read = photoOf({ photo1: field }, 'photo1');
    expect(read instanceof Uint8Array && read.length).toBe(photo.length);
    expect(photoOf({ photo1: 'A'.repeat(PHOTO_FIELD_MAX + 4) }, 'photo1')).toBe('too_big');
    expect(photoOf({ photo1: '' }, 'photo1')).toBeNull();
    expect(photoOf({}, 'photo1')).toBeNull();
    expect(() => photoOf({ photo1: `${field.slice(0, 1000)}<script>` }, 'photo1')).toThrow(BadInput);
    expect(() => photoOf({ photo1: ['QQ=='] } as never, 'photo1')).toThrow(BadInput);
  });
});
