import type { Db } from '../db';
import type { Translate } from '../i18n';
import { caseGroups } from '../services/photos';
import type { Block, DocumentImage } from './engine';

/**
 * The photos a document prints: one per photographed group of an entry (the s. 14 notice, the drum proclamation,
 * the register extract), from the bytes kept in the Photo table — a Telegram file_id cannot be printed. A group
 * whose photo has not been fetched yet (or was refused) is printed without one.
 */

/** One case's group photos: the images to hand the engine and the block that lays them out (null: none). */
export async function groupPhotos(
  db: Db,
  caseId: number,
  options: { onlyHeadIds?: Set<number> } = {},
): Promise<{
  images: DocumentImage[];
  items: Array<{ file: string; group: number; count: number; cls: string; description: string }>;
}> {
  const groups = await caseGroups(db, caseId);
  const shown = groups
    .map((g, i) => ({ g, n: i + 1 }))
    .filter(({ g }) => !options.onlyHeadIds || g.headIds.some((id) => options.onlyHeadIds!.has(id)));
  const ids = [...new Set(shown.flatMap(({ g }) => (g.photoId === null ? [] : [g.photoId])))];
  if (ids.length === 0) return { images: [], items: [] };
  const rows = await db.photo.findMany({
    where: { id: { in: ids }, caseId, status: 'STORED' },
    select: { id: true, bytes: true, contentType: true },
  });
  const images: DocumentImage[] = rows.flatMap((r) =>
    r.bytes
      ? [{ file: `photo-${r.id}.${r.contentType === 'image/png' ? 'png' : 'jpg'}`, bytes: Buffer.from(r.bytes) }]
      : [],
  );
  const fileOf = new Map(rows.map((r) => [r.id, `photo-${r.id}.${r.contentType === 'image/png' ? 'png' : 'jpg'}`]));
  const items = shown.flatMap(({ g, n }) =>
    g.photoId !== null && fileOf.has(g.photoId)
      ? [{ file: fileOf.get(g.photoId)!, group: n, count: g.count, cls: g.cattleClass, description: g.description }]
      : [],
  );
  return { images, items };
}

/** The photos block in one language: each photo captioned with its group's number, count, class and description. */
export function photosBlock(t: Translate, items: Awaited<ReturnType<typeof groupPhotos>>['items']): Block | null {
  if (items.length === 0) return null;
  return {
    t: 'photos',
    items: items.map((i) => ({
      file: i.file,
      caption: t('documents:photos.caption', {
        n: i.group,
        count: i.count,
        cattle: t(`common:cattle.${i.cls}`, { count: i.count }),
        description: i.description,
      }),
    })),
  };
}
