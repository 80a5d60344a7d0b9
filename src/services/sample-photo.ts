import { crc32, deflateSync } from 'node:zlib';

/**
 * A PNG file of `width` × `height` 8-bit RGB pixels from its rows already deflated (`idat`: each row a filter byte and
 * its pixels): the signature, IHDR, IDAT and IEND chunks, each with zlib's CRC-32. Used to draw the demo district's
 * sample photos here rather than download any, and by the tests to make files no camera makes.
 */
export function rgbPng(width: number, height: number, idat: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Sample photos for the demo district: a small PNG drawn here (a field, a sky and an animal's outline in the given
 * colour) — no image is downloaded. `seed` varies the picture so each demo group looks different.
 */
export function samplePhotoPng(colour: [number, number, number], seed = 0, width = 96, height = 64): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const horizon = Math.floor(height * 0.55);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      let px: [number, number, number] = y < horizon ? [150, 195, 235] : [96 + ((x + seed) % 7) * 3, 150, 70];
      // Body (an ellipse), head (a circle) and four legs: enough for a picture to tell groups apart.
      const bx = (x - width * 0.45) / (width * 0.25);
      const by = (y - height * 0.5) / (height * 0.18);
      const hx = (x - width * (seed % 2 ? 0.22 : 0.72)) / (width * 0.08);
      const hy = (y - height * 0.38) / (height * 0.12);
      const leg =
        y > height * 0.55 &&
        y < height * 0.85 &&
        [0.3, 0.38, 0.52, 0.6].some((f) => Math.abs(x - width * f) < width * 0.025);
      if (bx * bx + by * by <= 1 || hx * hx + hy * hy <= 1 || leg) px = colour;
      raw.set(px, row + 1 + x * 3);
    }
  }
  return rgbPng(width, height, deflateSync(raw));
}
