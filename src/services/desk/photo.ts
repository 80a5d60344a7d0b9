import type { Db } from '../../db';
import { audit } from '../audit';
import { type CleanedPhoto, cleanPhoto } from '../photo-clean';
import { addStoredPhoto, caseGroups, storedPhoto, type PhotoGroup } from '../photos';
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
export const DESK_THUMB_SIDE = 480;

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
    groups.map(async (g, i) => {
      const stored = g.photoId === null ? null : await storedPhoto(db, caseId, g.photoId);
      const small = stored ? await cleanPhoto(stored.bytes, DESK_THUMB_SIDE) : null;
      return {
        ...g,
        n: i + 1,
        thumb: small?.ok ? `data:${small.contentType};base64,${Buffer.from(small.bytes).toString('base64')}` : null,
      };
    }),
  );
}

/**
 * A keeper adds or replaces the photo of group `group` (1-based) of an entry from the desk: the bytes, cleaned by the
 * caller (cleanPhoto: a picture that cannot be used is refused before anything is saved), in one transaction (his
 * grants read again) stored and made every head of the group's, audited 'photo.add' or 'photo.replace' as the chat's
 * /photo is.
 */
export async function deskReplaceGroupPhoto(
  db: Db,
  input: { caseId: number; group: number; cleaned: CleanedPhotoBytes; actor: StaffActor; now: Date },
): Promise<{ photoId: number; previous: number | null }> {
  const c = await db.case.findUnique({ where: { id: input.caseId }, select: { id: true, poundId: true } });
  if (!c) throw new Refusal('CASE_NOT_FOUND');
  const bytes = input.cleaned.bytes;
  return db.$transaction(async (tx) => {
    const who = await authorizeInTx(tx, input.actor, 'seizure.register', c.poundId);
    const group = (await caseGroups(tx, c.id))[input.group - 1];
    if (!group) throw new Refusal('HEAD_UNKNOWN');
    const photoId = await addStoredPhoto(tx, { caseId: c.id, bytes, source: 'keeper', now: input.now });
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
    return { photoId, previous: group.photoId };
  });
}
