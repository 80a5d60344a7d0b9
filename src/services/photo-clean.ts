import sharp, { type Metadata } from 'sharp';

/**
 * Every photo a person sends (the chat's /register, /photo and an owner's "this is mine", the desk's seizure form)
 * is decoded, cleaned and bounded here before it is kept, so what is stored, printed and published is always an
 * image this server made: a JPEG at most PHOTO_LONGEST_SIDE px on its longest side, turned upright by its EXIF
 * orientation, with no metadata left (a phone's EXIF carries the GPS position and the phone's model). What does not
 * decode (an image signature with junk after it, a truncated file) is refused with a reason and never stored, so no
 * document that prints the photo can fail on it later.
 */

/** Largest file read at all (a 12 MP phone JPEG is 3–6 MB; a 48 MP one is near 12 MB). */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;
/** Most pixels decoded (checked from the header before decoding: a small PNG may declare 20000 × 20000). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Longest side of the kept photo: sharp on a phone screen and in a printed notice, a few hundred kB. */
export const PHOTO_LONGEST_SIDE = 1600;
/** JPEG quality of the kept photo. */
export const PHOTO_QUALITY = 80;
/** The longest side of a photo's small copy (the desk's entry page shows it), kept with the photo when it is stored. */
export const THUMB_SIDE = 480;

/** Why a photo was refused: each has its own words in locales (photos:problem.*). */
export type CleanProblem = 'empty' | 'too_big' | 'not_an_image' | 'too_many_pixels' | 'damaged';

export type CleanedPhoto =
  | { ok: true; bytes: Buffer; width: number; height: number; contentType: 'image/jpeg' }
  | { ok: false; problem: CleanProblem };

/** Formats accepted: what phones and browsers make. No SVG, TIFF, GIF or HEIF (another decoder, another risk). */
const FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Decodes, turns upright, strips metadata and re-encodes a photo as a bounded JPEG; or says why it cannot. The one
 * way a photo is made safe: the doors keep its result, and the documents run stored bytes through it again at print
 * size (`longestSide`) before typesetting, for bytes kept before the doors cleaned them.
 */
export async function cleanPhoto(input: Uint8Array, longestSide = PHOTO_LONGEST_SIDE): Promise<CleanedPhoto> {
  if (input.length === 0) return { ok: false, problem: 'empty' };
  if (input.length > MAX_UPLOAD_BYTES) return { ok: false, problem: 'too_big' };
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' as const };
  let meta: Metadata;
  try {
    // The header only (no pixel is decoded, so no pixel limit yet): the format and the size it declares.
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, problem: 'not_an_image' };
  }
  if (!meta.format || !FORMATS.has(meta.format)) return { ok: false, problem: 'not_an_image' };
  const pixels = (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
  if (pixels > MAX_INPUT_PIXELS) return { ok: false, problem: 'too_many_pixels' };
  if (pixels === 0) return { ok: false, problem: 'damaged' };
  try {
    // sharp keeps no metadata unless asked (no withMetadata/keepExif): EXIF, XMP, ICC and comments are dropped.
    const { data, info } = await sharp(input, { ...options, pages: 1, sequentialRead: true })
      .autoOrient()
      .resize({
        width: longestSide,
        height: longestSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: PHOTO_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, width: info.width, height: info.height, contentType: 'image/jpeg' };
  } catch {
    // A header that reads but pixels that do not (junk after the signature, a cut-off file).
    return { ok: false, problem: 'damaged' };
  }
}

/** The small copy of a cleaned photo (THUMB_SIDE), made once when the photo is stored; null when it cannot be made. */
export async function thumbOf(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer> | null> {
  const small = await cleanPhoto(bytes, THUMB_SIDE);
  return small.ok ? Uint8Array.from(small.bytes) : null;
}
