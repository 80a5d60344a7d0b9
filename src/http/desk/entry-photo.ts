import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { deskEntry, deskPhotoGroups, deskReplaceGroupPhoto } from '../../services/desk';
import { cleanPhoto } from '../../services/photo-clean';
import { Refusal } from '../../services/refusal';
import { may, type StaffActor } from '../../services/staff';
import { BadInput, type DeskContext, int, PHOTO_FIELD_MAX, photoOf, type Query, text, Unprocessable } from './request';
import { entryPhotosSection, entryView, type Frame } from './views';

/** The body that carries one photo. */
const BODY_LIMIT = PHOTO_FIELD_MAX + 4096;

/**
 * The entry's page with its photos (GET /desk/v/entry?id=), and a keeper adding or replacing a group's photo from it
 * (POST /desk/v/entry-photo: case, group, the form's key, photo as base64): stored through src/services/desk/photo.ts,
 * then the entry's page again saying so; a picture that cannot be used is 422 with the page and the reason, nothing
 * saved. The form's key (made when the page was shown) makes the send idempotent: sent again, or twice at once, one
 * photo is stored and the page says it is stored.
 */
export function registerDeskEntry(
  app: FastifyInstance,
  { deps, view, rateLimit, windows, chatLink }: DeskContext,
): void {
  const page = async (actor: StaffActor, f: Frame, id: number, said?: { ok: boolean; text: string }) => {
    const entry = await deskEntry(deps.db, actor, id, deps.clock.now(), windows);
    const groups = entry ? await deskPhotoGroups(deps.db, actor, id) : null;
    if (!entry || !groups) return null;
    const mayAdd = may(actor, 'seizure.register', entry.pound.id);
    const photos = entryPhotosSection(f, id, groups, mayAdd, said, randomBytes(18).toString('base64url'));
    return entryView(f, entry, chatLink(entry.number), undefined, photos);
  };

  app.get(
    '/desk/v/entry',
    { config: { rateLimit } },
    view('entry', async ({ actor, f, q }) => {
      const id = int(q, 'id');
      if (id === undefined) throw new BadInput('id');
      return page(actor, f, id);
    }),
  );

  app.post(
    '/desk/v/entry-photo',
    { config: { rateLimit }, bodyLimit: BODY_LIMIT },
    view('entry', async ({ actor, f, body }) => {
      const b = (body ?? {}) as Query;
      const id = int(b, 'case');
      const group = int(b, 'group');
      const photo = photoOf(b, 'photo');
      // The form's key, made when the page was shown: one photo per form, however often it is sent.
      const key = text(b, 'key', 40);
      if (id === undefined || group === undefined || photo === null || photo === 'too_big') throw new BadInput('photo');
      if (key !== undefined && !/^[A-Za-z0-9_-]{16,40}$/.test(key)) throw new BadInput('key');
      const c = await deps.db.case.findUnique({ where: { id }, select: { poundId: true } });
      if (!c || !may(actor, 'seizure.register', c.poundId)) return null;
      // Decoded, cleaned and re-encoded before anything is saved; a picture that cannot be used: 422, nothing saved.
      const cleaned = await cleanPhoto(photo);
      if (!cleaned.ok) {
        const html = await page(actor, f, id, { ok: false, text: f.t(`photos:problem.${cleaned.problem}`) });
        throw new Unprocessable(html ?? '');
      }
      const uploadKey = key ? `desk:${actor.telegramId}:${id}:${group}:${key}` : null;
      try {
        await deskReplaceGroupPhoto(deps.db, { caseId: id, group, cleaned, actor, now: deps.clock.now(), uploadKey });
      } catch (err) {
        if (err instanceof Refusal) return null;
        throw err;
      }
      return page(actor, f, id, { ok: true, text: f.t('desk:photo.stored', { n: group }) });
    }),
  );
}
