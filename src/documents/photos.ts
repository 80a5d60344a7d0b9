import { createHash } from 'node:crypto';
import type { Db } from '../db';
import type { Translate } from '../i18n';
import { caseGroups, cleanPhoto } from '../services/document-facts';
import type { Block, DocumentImage } from './engine';

/**
 * The photos a document prints: one per photographed group of an entry (the s. 14 notice, the drum proclamation,
 * the register extract), from the bytes kept in the Photo table — a Telegram file_id cannot be printed. A group
 * whose photo has not been fetched yet (or was refused) is printed without one.
 *
 * A statutory document never waits on a photo: every stored photo is decoded and re-encoded here before the
 * typesetter sees it (bytes kept before the doors cleaned photos, or damaged since, may not decode), and one that
 * cannot be used is left out with a line saying so in its place, so the notice or extract is still made.
 */

/** Longest side of a printed photo: a 3.6 cm box at 300 dpi is about 430 px; twice that keeps it sharp. */
const PRINT_SIDE_PX = 900;
/**
 * Photos re-encoded lately, by the SHA-256 of their stored bytes: the notice and the proclamation of a case print the
 * same photos, and a register extract is asked for again; hashing costs a fraction of a decode. A few dozen only
 * (each is at most PRINT_SIDE_PX square: some 100–250 KB).
 */
const PRINTABLE_KEPT = 48;
const printable = new Map<string, Promise<Buffer | null>>();

/**
 * The stored bytes as a clean JPEG the typesetter can always read (`cleanPhoto` at print size), or null when they do
 * not decode as an image.
 */
export function printablePhoto(bytes: Uint8Array): Promise<Buffer | null> {
  const key = createHash('sha256').update(bytes).digest('base64');
  const kept = printable.get(key);
  if (kept) {
    // Most recently used last: the oldest is dropped first.
    printable.delete(key);
    printable.set(key, kept);
    return kept;
  }
  const made = reencode(bytes);
  if (printable.size >= PRINTABLE_KEPT) printable.delete(printable.keys().next().value!);
  printable.set(key, made);
  return made;
}

async function reencode(bytes: Uint8Array): Promise<Buffer | null> {
  const clean = await cleanPhoto(bytes, PRINT_SIDE_PX);
  return clean.ok ? clean.bytes : null;
}

/** One printed photo of a group: `file` names an image of the layout, absent when the photo could not be used. */
export interface GroupPhotoItem {
  file?: string;
  group: number;
  count: number;
  cls: string;
  description: string;
}

/** One case's group photos: the images to hand the engine and the block that lays them out (null: none). */
export async function groupPhotos(
  db: Db,
  caseId: number,
  options: { onlyHeadIds?: Set<number> } = {},
): Promise<{ images: DocumentImage[]; items: GroupPhotoItem[] }> {
  const groups = await caseGroups(db, caseId);
  const shown = groups
    .map((g, i) => ({ g, n: i + 1 }))
    .filter(({ g }) => !options.onlyHeadIds || g.headIds.some((id) => options.onlyHeadIds!.has(id)));
  const ids = [...new Set(shown.flatMap(({ g }) => (g.photoId === null ? [] : [g.photoId])))];
  if (ids.length === 0) return { images: [], items: [] };
  const rows = await db.photo.findMany({
    where: { id: { in: ids }, caseId, status: 'STORED' },
    select: { id: true, bytes: true },
  });
  // Decoded one after another: a register extract of many entries must not hold all their pixels at once.
  const images: DocumentImage[] = [];
  const fileOf = new Map<number, string | null>();
  for (const r of rows) {
    const clean = r.bytes ? await printablePhoto(r.bytes) : null;
    if (clean) images.push({ file: `photo-${r.id}.jpg`, bytes: clean });
    fileOf.set(r.id, clean ? `photo-${r.id}.jpg` : null);
  }
  const items = shown.flatMap(({ g, n }): GroupPhotoItem[] => {
    if (g.photoId === null || !fileOf.has(g.photoId)) return [];
    const file = fileOf.get(g.photoId);
    const item = { group: n, count: g.count, cls: g.cattleClass, description: g.description };
    return [file ? { file, ...item } : item];
  });
  return { images, items };
}

/**
 * The photos block in one language: each photo captioned with its group's number, count, class and description;
 * a photo that could not be used is a box saying so (documents:left_out.photo), in the reader's language.
 */
export function photosBlock(t: Translate, items: GroupPhotoItem[]): Block | null {
  if (items.length === 0) return null;
  return {
    t: 'photos',
    items: items.map((i) => ({
      ...(i.file ? { file: i.file } : {}),
      missing: t('documents:left_out.photo'),
      caption: t('documents:photos.caption', {
        n: i.group,
        count: i.count,
        cattle: t(`common:cattle.${i.cls}`, { count: i.count }),
        description: i.description,
      }),
    })),
  };
}
