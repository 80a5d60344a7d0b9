import { createHash } from 'node:crypto';
import type { Db } from '../../db';
import { audit } from '../audit';
import { isUniqueViolation } from '../case-transition';
import { type CleanedPhoto, thumbOf } from '../photo-clean';
import { addStoredPhoto, storedPhoto } from '../photos';
import { caseGroups, type PhotoGroup } from '../photo-groups';
import { Refusal } from '../refusal';
import { authorizeInTx, may, type StaffActor } from '../staff';

/** A photo cleanPhoto made usable. */
type CleanedPhotoBytes = Extract<CleanedPhoto, { ok: true }>;

// The photos of an entry on the desk: each group's photo shown on the entry's page (a small copy, inline — the page's
// requests carry Telegram's initData, an <img> cannot), and a keeper adding or replacing a group's photo from there.
// The photo is cleaned (cleanPhoto: decoded, re-encoded, no metadata) and stored at once, and becomes every head of
// the group's, as the chat's /photo does once its photo is fetched: the public case page then shows it by the same
// rules as any group photo (src/services/public-case.ts), and nothing else of it is public.

/** Longest side of the copy the entry's page shows. */

/** One group of an entry with its photo as the page shows it (a data: URL of a small JPEG), or none. */
export interface DeskPhotoGroup extends PhotoGroup {
  /** 1-based, as the chat's card numbers the groups (/photo <case> <group>). */
  n: number;
  thumb: string | null;
}

/** The entry's groups with a small copy of each group's photo, when the entry is of a pound in `actor`'s scope. */
export async function deskPhotoGroups(db: Db, actor: StaffActor, caseId: number): Promise<DeskPhotoGroup[] | null> {
  const c = await db.case.findUnique({ where: { id: caseId }, select: { poundId: true } });
  if (!c || !may(actor, 'register.export', c.poundId)) return null;
  const groups = await caseGroups(db, caseId);
  return Promise.all(
    groups.map(async (g, i) => ({
      ...g,
      n: i + 1,
      thumb: g.photoId === null ? null : await deskThumb(db, caseId, g.photoId),
    })),
  );
}

/**
 * The desk's small copy of a stored photo of the case, as a data: URL: the one kept on the photo's row (Photo.thumb),
 * made once when the photo was stored; for a photo stored before the rows kept one, made for this view only (a read
 * writes nothing). Null when the photo is not the case's, not stored, or cannot be read.
 */
export async function deskThumb(db: Db, caseId: number, photoId: number): Promise<string | null> {
  const p = await db.photo.findFirst({ where: { id: photoId, caseId, status: 'STORED' }, select: { thumb: true } });
  if (!p) return null;
  const stored = p.thumb ? null : await storedPhoto(db, caseId, photoId);
  const thumb = p.thumb ?? (stored ? await thumbOf(stored.bytes) : null);
  return thumb ? `data:image/jpeg;base64,${Buffer.from(thumb).toString('base64')}` : null;
}

/** SHA-256 of a photo's stored bytes (Photo.bytesHash). */
export const photoHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A keeper adds or replaces the photo of group `group` (1-based) of an entry from the desk: the bytes, cleaned by the
 * caller (cleanPhoto: a picture that cannot be used is refused before anything is saved), in one transaction (his
 * grants read again) stored with its small copy for the desk and made every head of the group's, audited
 * 'photo.add' or 'photo.replace' as the chat's /photo is. Once only: a send of the same form (`uploadKey`: a
 * repeated request, a double click) or of the very picture the group already shows stores nothing more and answers
 * `replay` with the photo already stored.
 */
export async function deskReplaceGroupPhoto(
  db: Db,
  input: {
    caseId: number;
    group: number;
    cleaned: CleanedPhotoBytes;
    actor: StaffActor;
    now: Date;
    /** The form's key (absent: a page shown before forms had one; then only the same picture is recognised). */
    uploadKey: string | null;
  },
): Promise<{ photoId: number; previous: number | null; replay: boolean }> {
  const c = await db.case.findUnique({ where: { id: input.caseId }, select: { id: true, poundId: true } });
  if (!c) throw new Refusal('CASE_NOT_FOUND');
  const bytes = input.cleaned.bytes;
  const bytesHash = photoHash(bytes);
  const earlier = async () => {
    if (input.uploadKey === null) return null;
    const p = await db.photo.findUnique({ where: { uploadKey: input.uploadKey }, select: { id: true, caseId: true } });
    return p && p.caseId === c.id ? { photoId: p.id, previous: null, replay: true } : null;
  };
  const sent = await earlier();
  if (sent) return sent;
  // Made before the transaction: the small copy the entry's page shows, so no view makes it again.
  const thumb = await thumbOf(bytes);
  try {
    return await db.$transaction(async (tx) => {
      const who = await authorizeInTx(tx, input.actor, 'seizure.register', c.poundId);
      const group = (await caseGroups(tx, c.id))[input.group - 1];
      if (!group) throw new Refusal('HEAD_UNKNOWN');
      if (group.photoId !== null) {
        const current = await tx.photo.findUnique({ where: { id: group.photoId }, select: { bytesHash: true } });
        if (current?.bytesHash === bytesHash) return { photoId: group.photoId, previous: null, replay: true };
      }
      const photoId = await addStoredPhoto(tx, { caseId: c.id, bytes, source: 'keeper', now: input.now, thumb });
      await tx.photo.update({ where: { id: photoId }, data: { bytesHash, uploadKey: input.uploadKey } });
      // Stored already: the group's photo at once (a pending /photo of the chat for these heads is overtaken).
      await tx.head.updateMany({
        where: { id: { in: group.headIds } },
        data: { photoId, photoFileId: null, pendingPhotoId: null },
      });
      await audit(tx, who.audit, group.photoId ? 'photo.replace' : 'photo.add', c.id, {
        group: input.group,
        heads: group.headIds.length,
        photoId,
        previous: group.photoId,
        via: 'desk',
      });
      return { photoId, previous: group.photoId, replay: false };
    });
  } catch (err) {
    // Two sends of one form at once: the second meets the first's key and stores nothing.
    if (isUniqueViolation(err)) {
      const first = await earlier();
      if (first) return first;
    }
    throw err;
  }
}
