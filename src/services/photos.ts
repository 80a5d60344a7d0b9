import type { Db } from '../db';
import { audit, ownerActor } from './audit';
import type { DbReader } from './dues';
import { addToOutbox, type Tx } from './outbox';
import { keepersOf } from './payments';
import { cleanPhoto, thumbOf } from './photo-clean';
import { caseGroups, type PhotoGroup } from './photo-groups';
import { tellPhotoRefused } from './photo-refused';
import { Refusal } from './refusal';
import { authorizeInTx, type StaffActor } from './staff';

/**
 * Photographs of impounded cattle, kept as bytes (Photo rows) as well as Telegram's file_id. A file_id is one bot's
 * handle: it cannot be printed on the s. 14 notice nor shown on the public case page, and another bot (a new token)
 * cannot use it. So each photo is fetched once (`getFile` + download, the jobs' 'photo' queue: the network stays out
 * of the registration's transaction), cleaned (decoded, metadata stripped, re-encoded: src/services/photo-clean.ts) and stored.
 * A failed fetch leaves the row PENDING with its file_id and is retried; a refused file keeps its file_id.
 *
 * A keeper's replacement (`/photo`) waits beside the photo it replaces (Head.pendingPhotoId) and becomes the group's
 * photo only when it is stored: until then the card, the public page and the notice go on showing the previous one,
 * and a refused replacement (not an image, damaged, too many pixels) leaves them showing it — the cattle are never
 * left without a picture by a bad file. Switching at the store, rather than at once and back on a refusal, also holds
 * when the fetch never succeeds and when a second replacement overtakes the first (the latest sent wins, if stored).
 */

/** Largest photo kept (a cleaned photo is a few hundred kB; the database checks the same cap). */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** Image types kept and served, told by their first bytes (what the sender claims is not read). */
export type PhotoType = 'image/jpeg' | 'image/png';

/** The content type of `bytes` from its signature: JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A); else null. */
export function sniffImage(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

/** Why a downloaded file was not kept. */
export type PhotoProblem = 'too_big' | 'not_an_image' | 'empty';

/** Checks downloaded bytes: the type they are, or why they are refused. */
export function checkPhoto(bytes: Uint8Array): { ok: true; type: PhotoType } | { ok: false; problem: PhotoProblem } {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (bytes.length > MAX_PHOTO_BYTES) return { ok: false, problem: 'too_big' };
  const type = sniffImage(bytes);
  return type ? { ok: true, type } : { ok: false, problem: 'not_an_image' };
}

/** The outbox key of a photo's one fetch (deterministic: a replay queues nothing new). */
export const photoFetchKey = (photoId: number) => `photo:${photoId}:fetch`;

/**
 * A photo known only by its Telegram file_id (a keeper's or owner's upload): a PENDING row and its fetch job, in the
 * caller's transaction. Returns the row's id.
 */
export async function addPendingPhoto(
  tx: Tx,
  input: { caseId: number; fileId: string; source: 'register' | 'keeper' | 'owner'; now: Date },
): Promise<number> {
  const row = await tx.photo.create({
    data: { caseId: input.caseId, fileId: input.fileId, source: input.source, createdAt: input.now },
    select: { id: true },
  });
  await addToOutbox(tx, { name: 'photo', payload: { photoId: row.id } }, photoFetchKey(row.id), input.now);
  return row.id;
}

/** A photo's bytes from Telegram (`getFile` then the file download); the jobs layer supplies it from the Bot API client. */
export type PhotoDownload = (fileId: string) => Promise<Uint8Array>;

/** What one fetch did: stored, refused (kept as file_id only, never retried), or nothing left to do. */
export type FetchOutcome = 'stored' | 'refused' | 'done_before' | 'gone';

/**
 * Fetches one PENDING photo's bytes once and stores them (or marks the photo REFUSED). A download that throws
 * counts an attempt and throws on (the job retries); the row keeps its file_id whatever happens.
 */
export async function fetchPhoto(db: Db, photoId: number, download: PhotoDownload, now: Date): Promise<FetchOutcome> {
  const row = await db.photo.findUnique({ where: { id: photoId }, select: { status: true, fileId: true } });
  if (!row?.fileId) return 'gone';
  if (row.status !== 'PENDING') return 'done_before';
  let bytes: Uint8Array;
  try {
    bytes = await download(row.fileId);
  } catch (err) {
    // Only the error's class and code: a download URL carries the bot token.
    const e = err as { name?: string; error_code?: number; code?: string };
    await db.photo.update({
      where: { id: photoId },
      data: {
        attempts: { increment: 1 },
        lastError: [e.name ?? 'Error', e.error_code ?? e.code ?? ''].join(' ').trim(),
      },
    });
    throw err;
  }
  // Decoded, turned upright, stripped of its metadata and re-encoded (src/services/photo-clean.ts): what is kept is
  // an image made here, never the sender's file.
  const clean = await cleanPhoto(bytes);
  if (!clean.ok) {
    const problem = clean.problem;
    // The sender is told once, with the refusal itself (a replayed job finds the row no longer PENDING).
    await db.$transaction(async (tx) => {
      const n = await tx.photo.updateMany({
        where: { id: photoId, status: 'PENDING' },
        data: { status: 'REFUSED', attempts: { increment: 1 }, lastError: problem, byteSize: bytes.length },
      });
      if (n.count !== 1) return;
      await keepPreviousPhoto(tx, photoId, problem);
      await tellPhotoRefused(tx, photoId, problem, now);
    });
    return 'refused';
  }
  // Its small copy for the desk's entry page, made once here rather than at each view.
  const thumb = await thumbOf(clean.bytes);
  const stored = await db.$transaction(async (tx) => {
    const n = await tx.photo.updateMany({
      where: { id: photoId, status: 'PENDING' },
      data: {
        status: 'STORED',
        bytes: new Uint8Array(clean.bytes),
        thumb,
        byteSize: clean.bytes.length,
        contentType: clean.contentType,
        attempts: { increment: 1 },
        lastError: null,
        storedAt: now,
      },
    });
    if (n.count !== 1) return false;
    // A replacement takes over the group it was sent for, now that it can be shown and printed.
    await tx.head.updateMany({
      where: { pendingPhotoId: photoId },
      data: { photoId, photoFileId: row.fileId, pendingPhotoId: null },
    });
    return true;
  });
  return stored ? 'stored' : 'done_before';
}

/**
 * A refused replacement: the heads that waited for it keep the photo they have (audited, naming both), in the
 * transaction that refuses it.
 */
async function keepPreviousPhoto(tx: Tx, photoId: number, problem: string): Promise<void> {
  const waiting = await tx.head.findMany({
    where: { pendingPhotoId: photoId },
    select: { id: true, caseId: true, photoId: true },
  });
  if (waiting.length === 0) return;
  await tx.head.updateMany({ where: { pendingPhotoId: photoId }, data: { pendingPhotoId: null } });
  await audit(tx, { role: 'system' }, 'photo.replace_refused', waiting[0]!.caseId, {
    photoId,
    problem,
    heads: waiting.length,
    kept: waiting[0]!.photoId,
  });
}

/**
 * A photo stored at once (the desk's uploads, the demo district's): bytes only, no file_id, with its small copy
 * (`thumbOf`, made by the caller before its transaction) when it has one.
 */
export async function addStoredPhoto(
  tx: Tx,
  input: {
    caseId: number;
    bytes: Uint8Array;
    source: 'register' | 'keeper';
    now: Date;
    thumb?: Uint8Array<ArrayBuffer> | null;
  },
): Promise<number> {
  const check = checkPhoto(input.bytes);
  if (!check.ok) throw new Error(`not a photo to keep: ${check.problem}`);
  const row = await tx.photo.create({
    data: {
      caseId: input.caseId,
      source: input.source,
      status: 'STORED',
      bytes: Buffer.from(input.bytes),
      thumb: input.thumb ?? null,
      byteSize: input.bytes.length,
      contentType: check.type,
      createdAt: input.now,
      storedAt: input.now,
    },
    select: { id: true },
  });
  return row.id;
}

/** A stored photo of a case, to serve or print: null unless it belongs to that case and its bytes are kept. */
export async function storedPhoto(
  db: DbReader,
  caseId: number,
  photoId: number,
): Promise<{ bytes: Buffer; contentType: PhotoType } | null> {
  if (!Number.isSafeInteger(photoId) || photoId <= 0) return null;
  const p = await db.photo.findFirst({
    where: { id: photoId, caseId, status: 'STORED' },
    select: { bytes: true, contentType: true },
  });
  if (!p?.bytes || (p.contentType !== 'image/jpeg' && p.contentType !== 'image/png')) return null;
  return { bytes: Buffer.from(p.bytes), contentType: p.contentType };
}

/**
 * `/photo <case>`: a keeper adds or replaces the photo of one group of an entry (by the group's number as the card
 * lists them). The new photo becomes every head of the group's once it is fetched and stored (fetchPhoto); until then,
 * and for good if it is refused, the group keeps the photo it has. The old one stays in the table (the audit names
 * both).
 */
export async function replaceGroupPhoto(
  db: Db,
  input: { caseId: number; group: number; fileId: string; actor: StaffActor; now: Date },
): Promise<{ photoId: number; previous: number | null; group: PhotoGroup }> {
  const c = await db.case.findUnique({ where: { id: input.caseId }, select: { id: true, poundId: true } });
  if (!c) throw new Refusal('CASE_NOT_FOUND');
  return db.$transaction(async (tx) => {
    // The keeper's grants as they stand now, not the bot's cached copy: a revoked keeper replaces nothing.
    const who = await authorizeInTx(tx, input.actor, 'seizure.register', c.poundId);
    const groups = await caseGroups(tx, c.id);
    const group = groups[input.group - 1];
    if (!group) throw new Refusal('HEAD_UNKNOWN');
    const photoId = await addPendingPhoto(tx, { caseId: c.id, fileId: input.fileId, source: 'keeper', now: input.now });
    // A later /photo of the same group overtakes this one (the latest sent wins once stored).
    await tx.head.updateMany({ where: { id: { in: group.headIds } }, data: { pendingPhotoId: photoId } });
    await audit(tx, who.audit, group.photoId ? 'photo.replace' : 'photo.add', c.id, {
      group: input.group,
      heads: group.headIds.length,
      photoId,
      previous: group.photoId,
    });
    return { photoId, previous: group.photoId, group: { ...group, photoId } };
  });
}

/** How long after his claim an owner's photo is taken as belonging to it. */
const OWNER_PHOTO_DAYS = 14;

/**
 * "This is mine": an owner sends a photo of his own animal while he claims it. It goes with his latest claim that
 * is still open (no confirmed payment, made in the last OWNER_PHOTO_DAYS days); the keepers' payment card shows it,
 * and when the card has already gone (a payment awaiting confirmation) the photo is sent to them now. Null when the
 * owner has no open claim (nothing is kept). Audited as the owner's act.
 */
export async function attachOwnerPhoto(
  db: Db,
  input: { telegramUserId: bigint; fileId: string; now: Date; chatId?: number | null; messageId?: number | null },
): Promise<{ caseNumber: string; photoId: number; keepersTold: number } | null> {
  const since = new Date(input.now.getTime() - OWNER_PHOTO_DAYS * 86_400_000);
  const claim = await db.claim.findFirst({
    where: {
      telegramUserId: input.telegramUserId,
      createdAt: { gte: since },
      payments: { none: { status: 'CONFIRMED' } },
    },
    orderBy: { id: 'desc' },
    select: {
      id: true,
      caseId: true,
      case: { select: { number: true, poundId: true } },
      payments: { where: { status: 'PENDING' }, select: { id: true } },
    },
  });
  if (!claim) return null;
  return db.$transaction(async (tx) => {
    const photoId = await addPendingPhoto(tx, {
      caseId: claim.caseId,
      fileId: input.fileId,
      source: 'owner',
      now: input.now,
    });
    await tx.claim.update({ where: { id: claim.id }, data: { photoId } });
    let keepersTold = 0;
    if (claim.payments.length > 0) {
      const keepers = await keepersOf(tx, claim.case.poundId);
      for (const k of keepers) {
        await addToOutbox(
          tx,
          {
            name: 'send',
            payload: {
              chatId: String(k.telegramUserId),
              key: 'photos:owner.keeper_card',
              params: { number: claim.case.number },
              photoId,
              priority: 'official',
            },
          },
          `claim:${claim.id}:photo:${photoId}:${k.telegramUserId}`,
          input.now,
        );
        keepersTold++;
      }
    }
    await audit(tx, ownerActor(input), 'photo.owner', claim.caseId, { claimId: claim.id, photoId, keepersTold });
    return { caseNumber: claim.case.number, photoId, keepersTold };
  });
}
