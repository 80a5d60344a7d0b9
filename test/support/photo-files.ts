import { constants, createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { rgbPng } from '../../src/services/sample-photo';

/**
 * Photo files as people send them, made here (nothing downloaded): a phone's 12 MP JPEG of a few MB with the EXIF a
 * phone writes (its make and model, the GPS position, the orientation), and a small PNG that declares 20000 × 20000.
 */

/** A phone camera's photo: `width` × `height` of grainy field and sky, JPEG quality 92, with a phone's EXIF. */
export async function phoneJpeg(width = 4000, height = 3000, orientation = 1): Promise<Buffer> {
  // Grain drawn at a third of the size and enlarged: a phone photo's detail and file size (about 4 MB at 12 MP), fast.
  const grain = await sharp({
    create: {
      width: Math.ceil(width / 3),
      height: Math.ceil(height / 3),
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 120, sigma: 50 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(grain)
    .resize(width, height, { kernel: 'cubic' })
    .tint('#8a7a50')
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Field Phone 12', Software: 'Camera 1.0' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '26/1 55/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '75/1 47/1 0/1',
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

/** A valid PNG of 20000 × 20000 black pixels: about a megabyte on disk, 1.2 GB once decoded. */
export async function hugePng(side = 20_000): Promise<Buffer> {
  // Every row is a filter byte and black pixels: all zeros, deflated as a stream (never 1.2 GB in memory here).
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const rows = Buffer.alloc((side * 3 + 1) * 100);
  for (let y = 0; y < side; y += 100) deflate.write(rows.subarray(0, (side * 3 + 1) * Math.min(100, side - y)));
  deflate.end();
  await done;
  return rgbPng(side, side, Buffer.concat(out));
}

/** A file that starts like a JPEG and is junk after its signature. */
export const junkJpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20_000, 0x5a)]);
