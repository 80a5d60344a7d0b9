import type { DbReader } from './dues';

// The heads of an entry in groups (class and description, register order), each with its photo: what the card, the
// notice, the case page and the desk show photos by.

/** One group of an entry's heads as the card and the notice list them (class and description), with its photo. */
export interface PhotoGroup {
  cattleClass: string;
  description: string;
  count: number;
  headIds: number[];
  /** The group's photo (the first head's that has one), or null. */
  photoId: number | null;
}

const sameGroup = (a: { cattleClass: string; description: string }, b: { cattleClass: string; description: string }) =>
  a.cattleClass === b.cattleClass && a.description.trim().toLowerCase() === b.description.trim().toLowerCase();

/** Heads grouped as groupHeads() does (class and description, register order), each group with its photo. */
export function photoGroups(
  heads: Array<{ id: number; cattleClass: string; description: string; photoId: number | null }>,
): PhotoGroup[] {
  const groups: PhotoGroup[] = [];
  for (const h of heads) {
    const g = groups.find((x) => sameGroup(x, h));
    if (g) {
      g.count += 1;
      g.headIds.push(h.id);
      g.photoId ??= h.photoId;
    } else {
      groups.push({
        cattleClass: h.cattleClass,
        description: h.description.trim(),
        count: 1,
        headIds: [h.id],
        photoId: h.photoId,
      });
    }
  }
  return groups;
}

/** The groups of a case's heads with their photos (register order); null when there is no such case. */
export async function caseGroups(db: DbReader, caseId: number): Promise<PhotoGroup[]> {
  const heads = await db.head.findMany({
    where: { caseId },
    orderBy: { index: 'asc' },
    select: { id: true, cattleClass: true, description: true, photoId: true },
  });
  return photoGroups(heads);
}

/** The photos to show with a case, one per group that has one, in register order (ids only; at most `max`). */
export function groupPhotoIds(groups: Array<{ photoId: number | null }>, max = 10): number[] {
  const ids: number[] = [];
  for (const g of groups) if (g.photoId !== null && !ids.includes(g.photoId)) ids.push(g.photoId);
  return ids.slice(0, max);
}
