import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPdf, type Layout } from '../../src/documents/engine';
import { printablePhoto } from '../../src/documents/photos';

// A statutory document never waits on a photo: what the typesetter gets is re-encoded here, and should it still refuse
// an image the document is typeset again with the photo's place saying it could not be included.
const dir = mkdtempSync(path.join(tmpdir(), 'doc-photos-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const junkJpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF junk '.repeat(50)),
]);
const junkPng = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('x'.repeat(300)),
]);

function layoutWith(images: Layout['images']): Layout {
  return {
    title: 't',
    paper: 'a4',
    size: 10,
    qr: null,
    images,
    parts: [
      {
        lang: 'en',
        head: [{ t: 'title', text: 'Notice' }],
        blocks: [
          {
            t: 'photos',
            items: (images ?? []).map((i) => ({
              file: i.file,
              missing: 'Photo could not be included',
              caption: 'cow',
            })),
          },
        ],
      },
    ],
  };
}

const textOf = (pdf: Buffer, name: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

describe('photos in documents', () => {
  it('a stored photo that does not decode is not printable; a good one becomes a clean JPEG without its metadata', async () => {
    expect(await printablePhoto(junkJpeg)).toBeNull();
    expect(await printablePhoto(junkPng)).toBeNull();
    expect(await printablePhoto(Buffer.alloc(0))).toBeNull();
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#884422' } })
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Model 7' } })
      .jpeg()
      .toBuffer();
    const clean = await printablePhoto(photo);
    const m = await sharp(clean!).metadata();
    expect([m.format, m.width, m.height, m.exif]).toEqual(['jpeg', 900, 450, undefined]);
  });

  it('bytes the typesetter refuses are left out with the line in their place: the document is still made', () => {
    const pdf = renderPdf(layoutWith([{ file: 'photo-1.jpg', bytes: junkJpeg }]));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(textOf(pdf, 'refused.pdf')).toContain('Photo could not be included');
  });

  it('half of an emoji (a text cut in the middle of a surrogate pair) does not fail the document', () => {
    const layout = layoutWith([]);
    layout.parts[0]!.blocks = [{ t: 'p', text: `cow 🐄 cut here ${'🐄'.slice(0, 1)} and ${'🐄'.slice(1)} end` }];
    expect(textOf(renderPdf(layout), 'surrogate.pdf')).toContain('end');
  });
});
