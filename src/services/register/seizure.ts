import { isCattleClass, normaliseHerd, toIstDate, type PaperStepTimes } from '../../law';
import { CONTROL_OR_FORMAT } from '../typed-input';
import { Prisma, type Db } from '../../db';
import { audit } from '../audit';
import { Refusal } from '../refusal';
import { allocateCaseNumber, villageKey } from '../case-numbers';
import { searchKeysOf } from '../owner-text';
import { planDeadlines } from '../deadlines';
import { addToOutbox } from '../outbox';
import { maskMobile, insertOwnerMobile, KEEPER_BASIS, queueOwnerSms, type SealedMobile } from '../sms';
import { authorize, authorizeInTx, type StaffActor } from '../staff';
import { addPendingPhoto, addStoredPhoto, checkPhoto } from '../photos';
import { thumbOf } from '../photo-clean';
import { hasPaperSteps, paperStepsOfNewEntry, type BackEntryResult } from './back-entry';

/** A group of heads of one class with one description, or one head with its own (s. 8(a)). */
export interface HeadGroup {
  cattleClass: string;
  count: number;
  /** One description for the group, or one per head (length = count). */
  descriptions: string[];
  photoFileId?: string | null;
  /** A photo taken or chosen on the staff desk: JPEG or PNG, at most MAX_PHOTO_BYTES (checked by its bytes). */
  photoBytes?: Uint8Array | null;
}

/** The s. 8 register entry as the keeper gives it. */
export interface SeizureEntry {
  poundId: number;
  groups: HeadGroup[];
  /** s. 8(b): day and hour brought to the pound. */
  impoundedAt: Date;
  /**
   * When the cattle were seized (kept in the register beside s. 8(b)); the s. 20 complaint window runs from it.
   * Absent: seized when brought in. Never after `impoundedAt`, never in the future.
   */
  seizedAt?: Date | null;
  seizerName: string;
  seizerResidence: string;
  ownerName?: string | null;
  ownerResidence?: string | null;
  placeOfSeizure: string;
}

/** Most heads one register entry may hold (a typo guard; a bigger herd is entered in parts). */
export const MAX_HEADS_PER_ENTRY = 500;
/** Longest free text kept in a register field. */
export const MAX_FIELD_LENGTH = 200;

/** Why a register entry is refused (a Refusal SEIZURE_<problem>, section s. 8 or s. 3, `field` the particular). */
export type SeizureProblem =
  | 'FUTURE_TIME'
  | 'SEIZED_AFTER_IMPOUNDING'
  | 'UNKNOWN_CLASS'
  | 'BAD_COUNT'
  | 'TOO_MANY_HEADS'
  | 'MISSING_FIELD'
  | 'FIELD_TOO_LONG'
  | 'BAD_CHARACTER'
  | 'BAD_PHOTO';

/** A register entry the law does not allow, or that is incomplete. */
function entryRefused(problem: SeizureProblem, section: 's. 8' | 's. 3', field: string): Refusal {
  return new Refusal(`SEIZURE_${problem}`, section, { field });
}
function text(value: string | null | undefined, field: string, required: boolean): string | null {
  const v = (value ?? '').replace(/\s+/g, ' ').trim();
  if (!v) {
    if (required) throw entryRefused('MISSING_FIELD', 's. 8', field);
    return null;
  }
  if (v.length > MAX_FIELD_LENGTH) throw entryRefused('FIELD_TOO_LONG', 's. 8', field);
  // Whatever door the entry came through (the chat, the desk, an import): the register holds no control or format
  // character (a right-to-left override would make the printed register read other than it was typed).
  if (CONTROL_OR_FORMAT.test(v)) throw entryRefused('BAD_CHARACTER', 's. 8', field);
  return v;
}

/** Checks an entry and expands groups into numbered heads; throws a Refusal SEIZURE_<problem>. */
export function validateSeizureEntry(entry: SeizureEntry, now: Date) {
  // s. 8(b) records when the cattle were brought in: back-entry from a paper register is fine, the future is not.
  if (!(entry.impoundedAt instanceof Date) || Number.isNaN(entry.impoundedAt.getTime()))
    throw entryRefused('MISSING_FIELD', 's. 8', 'impoundedAt');
  if (entry.impoundedAt.getTime() > now.getTime()) throw entryRefused('FUTURE_TIME', 's. 8', 'impoundedAt');
  const seizedAt = entry.seizedAt ?? entry.impoundedAt;
  if (!(seizedAt instanceof Date) || Number.isNaN(seizedAt.getTime()))
    throw entryRefused('MISSING_FIELD', 's. 8', 'seizedAt');
  if (seizedAt.getTime() > now.getTime()) throw entryRefused('FUTURE_TIME', 's. 8', 'seizedAt');
  // Cattle are seized and then brought to the pound; a seizure after the impounding would also shorten the s. 20 window.
  if (seizedAt.getTime() > entry.impoundedAt.getTime())
    throw entryRefused('SEIZED_AFTER_IMPOUNDING', 's. 8', 'seizedAt');
  if (entry.groups.length === 0) throw entryRefused('MISSING_FIELD', 's. 8', 'cattle');
  const heads: Array<{ cattleClass: string; description: string; photoFileId: string | null; group: number }> = [];
  for (const [group, g] of entry.groups.entries()) {
    if (g.photoBytes && !checkPhoto(g.photoBytes).ok) throw entryRefused('BAD_PHOTO', 's. 8', 'photo');
    if (!isCattleClass(g.cattleClass)) throw entryRefused('UNKNOWN_CLASS', 's. 3', 'cattleClass');
    if (!Number.isSafeInteger(g.count) || g.count < 1) throw entryRefused('BAD_COUNT', 's. 8', 'count');
    const descs = g.descriptions.map((d) => text(d, 'description', true)!);
    if (descs.length !== 1 && descs.length !== g.count) throw entryRefused('MISSING_FIELD', 's. 8', 'description');
    for (let i = 0; i < g.count; i++)
      heads.push({
        cattleClass: g.cattleClass,
        description: descs.length === 1 ? descs[0]! : descs[i]!,
        photoFileId: g.photoFileId ?? null,
        group,
      });
  }
  if (heads.length > MAX_HEADS_PER_ENTRY) throw entryRefused('TOO_MANY_HEADS', 's. 8', 'count');
  // The statute engine validates the herd as it will value it later (s. 3 classes, whole counts).
  normaliseHerd(entry.groups.map((g) => ({ cattleClass: g.cattleClass, heads: g.count })));
  return {
    heads,
    seizedAt,
    seizerName: text(entry.seizerName, 'seizerName', true)!,
    seizerResidence: text(entry.seizerResidence, 'seizerResidence', true)!,
    ownerName: text(entry.ownerName, 'ownerName', false),
    ownerResidence: text(entry.ownerResidence, 'ownerResidence', false),
    placeOfSeizure: text(entry.placeOfSeizure, 'placeOfSeizure', true)!,
  };
}

/**
 * Makes the s. 8 register entry: allocates the case number (per pound and India year of impounding),
 * stores the heads, plans the statutory deadlines, queues the village alert (broadcast job, fanned out by
 * the jobs worker) and audits it — one transaction. The same "Record" button pressed twice — a double tap,
 * two keepers' devices, or an update redelivered while the first run is still going — makes one entry: the
 * case row carries `registerKey` ("<chatId>:<messageId>" of the button's message, unique), so the second
 * insert fails on the key inside its own transaction (nothing of it is kept) and the first case is returned
 * with `replay: true`. No check-then-write: the database decides which run is first.
 */
export async function registerSeizure(
  db: Db,
  input: {
    entry: SeizureEntry;
    actor: StaffActor;
    now: Date;
    /**
     * The entry's origin when it is not a chat button: the staff desk's form sends "desk:<telegram id>:<form key>",
     * the same for a double submit or a retried request, so those record one entry.
     */
    registerKey?: string;
    ownerMobile?: SealedMobile | null;
    /**
     * s. 14 steps already taken on paper (src/services/register/back-entry.ts), recorded in the entry's transaction: a step
     * the engine refuses leaves no entry either.
     */
    paperSteps?: PaperStepTimes | null;
  },
) {
  const { entry, now, actor: via } = input;
  // An early answer on the bot's grants; the entry itself is decided on the grants inside its transaction.
  authorize(via, 'seizure.register', entry.poundId);
  const v = validateSeizureEntry(entry, now);
  const registerKey =
    input.registerKey ?? (via.chatId != null && via.messageId != null ? `${via.chatId}:${via.messageId}` : null);
  const earlier = () =>
    db.case.findUnique({
      where: { registerKey: registerKey! },
      include: { heads: { orderBy: { index: 'asc' } }, pound: true },
    });
  try {
    return await insertEntry(db, {
      entry,
      v,
      actor: via,
      now,
      registerKey,
      ownerMobile: input.ownerMobile ?? null,
      paperSteps: input.paperSteps ?? null,
    });
  } catch (e) {
    // The same button recorded by a concurrent run that committed first: its case is the entry.
    if (registerKey && e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') {
      const first = await earlier();
      if (first) return { case: first, replay: true, backEntry: null };
    }
    throw e;
  }
}

async function insertEntry(
  db: Db,
  input: {
    entry: SeizureEntry;
    v: ReturnType<typeof validateSeizureEntry>;
    actor: StaffActor;
    now: Date;
    registerKey: string | null;
    ownerMobile: SealedMobile | null;
    paperSteps: PaperStepTimes | null;
  },
) {
  const { entry, v, now, registerKey, ownerMobile, paperSteps } = input;
  // The small copies of the desk's photos, made before the transaction (decoding is slow; it holds no lock).
  const thumbs = await Promise.all(entry.groups.map((g) => (g.photoBytes ? thumbOf(g.photoBytes) : null)));
  return db.$transaction(async (tx) => {
    // The keeper's grants as they stand now (not the bot's cached copy): a revoked keeper registers nothing.
    const who = await authorizeInTx(tx, input.actor, 'seizure.register', entry.poundId);
    const pound = await tx.pound.findUniqueOrThrow({ where: { id: entry.poundId } });
    const year = Number(toIstDate(entry.impoundedAt).slice(0, 4));
    const { number, seq } = await allocateCaseNumber(tx, pound, year);
    // s. 14: the market-place nearest to the place of seizure, from the area's data (the officer may change it).
    const village = villageKey(v.placeOfSeizure);
    const market = await tx.villageMarket.findUnique({
      where: { areaId_villageKey: { areaId: pound.areaId, villageKey: village } },
    });
    const created = await tx.case.create({
      data: {
        number,
        poundId: pound.id,
        year,
        seq,
        impoundedAt: entry.impoundedAt,
        seizedAt: v.seizedAt,
        placeOfSeizure: v.placeOfSeizure,
        villageKey: village,
        searchKeys: searchKeysOf(
          v.placeOfSeizure,
          v.heads.map((h) => h.description),
        ),
        nearestMarket: market?.market ?? null,
        seizerName: v.seizerName,
        seizerResidence: v.seizerResidence,
        ownerName: v.ownerName,
        ownerResidence: v.ownerResidence,
        registeredByStaffId: who.grant.staffId,
        registeredAt: now,
        registerKey,
        heads: {
          create: v.heads.map((h, i) => ({
            index: i + 1,
            cattleClass: h.cattleClass,
            description: h.description,
            photoFileId: h.photoFileId,
          })),
        },
      },
      include: { heads: { orderBy: { index: 'asc' } }, pound: true },
    });
    // Each photographed group's photo: a Photo row with its file_id, its bytes fetched once by the 'photo' job.
    const photoOf = new Map<string, number>();
    for (const h of created.heads) {
      if (!h.photoFileId || photoOf.has(h.photoFileId)) continue;
      const photoId = await addPendingPhoto(tx, { caseId: created.id, fileId: h.photoFileId, source: 'register', now });
      photoOf.set(h.photoFileId, photoId);
      await tx.head.updateMany({ where: { caseId: created.id, photoFileId: h.photoFileId }, data: { photoId } });
    }
    for (const h of created.heads) h.photoId = h.photoFileId ? (photoOf.get(h.photoFileId) ?? null) : null;
    // A group's photo from the staff desk: its bytes kept at once (checked JPEG or PNG), on the group's heads.
    for (const [group, g] of entry.groups.entries()) {
      if (!g.photoBytes) continue;
      const thumb = thumbs[group] ?? null;
      const photoId = await addStoredPhoto(tx, {
        caseId: created.id,
        bytes: g.photoBytes,
        source: 'register',
        now,
        thumb,
      });
      const indexes = v.heads.flatMap((h, i) => (h.group === group ? [i + 1] : []));
      await tx.head.updateMany({ where: { caseId: created.id, index: { in: indexes } }, data: { photoId } });
      for (const h of created.heads) if (indexes.includes(h.index)) h.photoId = photoId;
      photoOf.set(`desk:${group}`, photoId);
    }
    await planDeadlines(tx, created.id, now);
    await addToOutbox(
      tx,
      { name: 'broadcast', payload: { kind: 'new_case', caseId: created.id } },
      `case:${created.id}:broadcast:new_case`,
      now,
    );
    await audit(tx, who.audit, 'case.register', created.id, {
      number,
      heads: v.heads.length,
      photos: photoOf.size,
      impoundedAt: entry.impoundedAt.toISOString(),
      seizedAt: v.seizedAt.toISOString(),
      backDated: now.getTime() - entry.impoundedAt.getTime() > 3_600_000,
    });
    // The owner's mobile, recorded under a function under law (SMS about this case only, DPDP Act 2023 s. 7): kept
    // encrypted; the registration SMS goes with the entry unless the number once asked to stop.
    if (ownerMobile) {
      const m = await insertOwnerMobile(tx, {
        caseId: created.id,
        mobile: ownerMobile,
        staffId: who.grant.staffId,
        now,
      });
      await audit(tx, who.audit, 'owner_mobile.record', created.id, {
        mobileId: m.id,
        masked: maskMobile(ownerMobile.last4),
        language: ownerMobile.language,
        basis: KEEPER_BASIS,
        ...(m.stopped ? { stopped: true } : {}),
      });
      await queueOwnerSms(tx, created.id, 'registered', now);
    }
    let backEntry: BackEntryResult | null = null;
    if (hasPaperSteps(paperSteps)) backEntry = await paperStepsOfNewEntry(tx, input.actor, created.id, paperSteps, now);
    return { case: created, replay: false, backEntry };
  });
}
