import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CATTLE_CLASS_CODES } from '../../law';
import { deskEntry, deskPounds } from '../../services/desk';
import {
  enrolmentLink,
  may,
  poundsInScope,
  administersStaff,
  issueStaffCode,
  listStaff,
  revokeStaffGrant,
} from '../../services/staff';
import { registerSeizure, type HeadGroup } from '../../services/register';
import { cleanPhoto } from '../../services/photo-clean';
import { MobileVault, parseIndianMobile, smsEnabled, type SealedMobile } from '../../services/sms';
import { isRefusal, Refusal } from '../../services/refusal';
import { refusalText } from '../../i18n';
import {
  BadInput,
  type DeskContext,
  int,
  oneOf,
  PHOTO_FIELD_MAX,
  photoOf,
  type Query,
  text,
  Unprocessable,
} from './request';
import { entryView, SEIZE_ROWS, seizeView, staffView } from './views';

// Staff desk forms: staff administration and the s. 8 seizure (registered by routes.ts).

export function registerDeskForms(
  app: FastifyInstance,
  { deps, o, view, rateLimit, windows, chatLink }: DeskContext,
): void {
  const staffPage = view('staff', async ({ actor, f, body }) => {
    if (!administersStaff(actor)) return null;
    const now = deps.clock.now();
    let issued: { code: string; link: string; expiresAt: Date } | null = null;
    let message: { ok: boolean; text: string } | null = null;
    let confirmSelf: { id: number; text: string } | null = null;
    if (body) {
      const op = oneOf(body, 'op', ['enrol', 'revoke'] as const);
      if (op === 'enrol') {
        try {
          const r = await issueStaffCode(deps.db, actor, {
            role: oneOf(body, 'role', ['POUND_KEEPER', 'OFFICER', 'MAGISTRATE'] as const) ?? '',
            poundCodes: [text(body, 'pound', 20) ?? ''],
            name: text(body, 'name', 60) ?? null,
            ttlHours: deps.config.ENROLMENT_CODE_TTL_HOURS,
            now,
          });
          issued = { code: r.code, link: enrolmentLink(o.botUsername(), r.code), expiresAt: r.expiresAt };
        } catch (e) {
          if (!(e instanceof Refusal)) throw e;
          message = { ok: false, text: refusalText(f.t, e, 'staff') };
        }
      } else if (op === 'revoke') {
        const staffId = int(body, 'staff');
        if (staffId === undefined) throw new BadInput('staff');
        try {
          // His own grant: a second step, the form again with `confirm`, before anything is revoked.
          const selfConfirmed = oneOf(body, 'confirm', ['1'] as const) === '1';
          const done = await revokeStaffGrant(deps.db, actor, staffId, now, { selfConfirmed });
          message = { ok: true, text: f.t('desk:staff.revoked', { name: done.name }) };
          // His own grant gone, he administers nothing more: the page says so and shows nothing else.
          if (done.self) return staffView(f, [], [], null, message);
        } catch (e) {
          if (!(e instanceof Refusal)) throw e;
          if (isRefusal(e, 'STAFF_REVOKE_SELF_UNCONFIRMED'))
            confirmSelf = { id: staffId, text: refusalText(f.t, e, 'staff') };
          else message = { ok: false, text: refusalText(f.t, e, 'staff') };
        }
      } else throw new BadInput('op');
    }
    const [staff, pounds] = await Promise.all([listStaff(deps.db, actor), deskPounds(deps.db, actor)]);
    return staffView(f, staff, pounds, issued, message, confirmSelf);
  });
  app.get('/desk/v/staff', { config: { rateLimit } }, staffPage);

  // s. 8: a seizure registered from one form, through the service the chat's /register uses. The form carries a
  // key made when it was shown: a double submit or a retried request records one entry (Case.registerKey).
  const seizePage = view('seize', async ({ actor, f, body }) => {
    if (!may(actor, 'seizure.register')) return null;
    const scope = poundsInScope(actor, 'seizure.register');
    const pounds = (await deskPounds(deps.db, actor)).filter((p) => scope === 'all' || scope.includes(p.id));
    // The owner's mobile for SMS about his case, when SMS is configured (as the chat's /register asks it).
    const sms = smsEnabled(deps.config) ? { retentionDays: deps.config.SMS_RETENTION_DAYS } : null;
    const form = (key: string, values: Query, problem: string | null, photoProblems?: Record<string, string>) =>
      seizeView(f, pounds, CATTLE_CLASS_CODES, key, values, problem, photoProblems, sms);
    if (!body) return form(randomUUID(), {}, null);
    const key = text(body, 'key', 36);
    if (!key || !/^[0-9a-f-]{36}$/.test(key)) throw new BadInput('key');
    const poundId = int(body, 'pound');
    if (poundId === undefined) throw new BadInput('pound');
    const when = (name: string, required: boolean) => {
      const v = text(body, name, 16);
      if (!v) {
        if (required) throw new BadInput(name);
        return null;
      }
      // A datetime-local field: the day and hour in India time.
      const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? new Date(`${v}:00+05:30`) : null;
      if (!at || Number.isNaN(at.getTime())) throw new BadInput(name);
      return at;
    };
    const impoundedAt = when('impounded', true)!;
    const seizedAt = when('seized', false);
    const paperSteps = {
      report: when('paper_report', false),
      notice: when('paper_notice', false),
      village: when('paper_village', false),
      market: when('paper_market', false),
    };
    // What the form shows again after a refusal (a photo is chosen again, not sent back; the mobile typed again,
    // never written back into a page).
    const values = Object.fromEntries(
      Object.entries(body).filter(([k, v]) => typeof v === 'string' && !k.startsWith('photo') && k !== 'mobile'),
    ) as Query;
    // The mobile checked and sealed at once (only its encrypted form goes further), with the SMS language.
    let ownerMobile: SealedMobile | null = null;
    const typed = sms ? text(body, 'mobile', 20) : undefined;
    if (typed) {
      const digits = parseIndianMobile(typed);
      if (!digits) throw new Unprocessable(form(key, values, f.t('desk:seize.mobile_invalid')));
      const language = oneOf(body, 'mobile_language', ['hi', 'en'] as const) ?? 'hi';
      ownerMobile = { ...new MobileVault(deps.config.SMS_DATA_KEY!).seal(digits), language };
    }
    const groups: HeadGroup[] = [];
    // Each photo decoded, cleaned and re-encoded before anything is saved; a refused one is named beside its field.
    const photoProblems: Record<string, string> = {};
    for (let n = 1; n <= SEIZE_ROWS; n++) {
      const cls = oneOf(body, `class${n}`, CATTLE_CLASS_CODES);
      const count = int(body, `count${n}`);
      const desc = text(body, `desc${n}`, 200);
      const photo = photoOf(body, `photo${n}`);
      if (!cls && count === undefined && !desc && !photo) continue;
      if (!cls || count === undefined || count < 1 || count > 500 || !desc) throw new BadInput(`row ${n}`);
      let photoBytes: Uint8Array | null = null;
      if (photo) {
        const clean = photo === 'too_big' ? ({ ok: false, problem: 'too_big' } as const) : await cleanPhoto(photo);
        if (clean.ok) photoBytes = clean.bytes;
        else photoProblems[`photo${n}`] = f.t(`photos:problem.${clean.problem}`);
      }
      groups.push({ cattleClass: cls, count, descriptions: [desc], photoBytes });
    }
    if (!groups.length) throw new BadInput('cattle');
    if (Object.keys(photoProblems).length)
      throw new Unprocessable(form(key, values, f.t('desk:upload.refused'), photoProblems));
    try {
      const r = await registerSeizure(deps.db, {
        actor,
        now: deps.clock.now(),
        registerKey: `desk:${actor.telegramId}:${key}`,
        paperSteps,
        ownerMobile,
        entry: {
          poundId,
          groups,
          impoundedAt,
          seizedAt,
          seizerName: text(body, 'seizer', 200) ?? '',
          seizerResidence: text(body, 'seizer_residence', 200) ?? '',
          ownerName: text(body, 'owner', 200) ?? null,
          ownerResidence: text(body, 'owner_residence', 200) ?? null,
          placeOfSeizure: text(body, 'place', 200) ?? '',
        },
      });
      const entry = await deskEntry(deps.db, actor, r.case.id, deps.clock.now(), windows);
      return entry
        ? entryView({ ...f, tab: 'register' }, entry, chatLink(entry.number), { replay: r.replay ?? false })
        : null;
    } catch (err) {
      if (isRefusal(err, 'NOT_ALLOWED', 'WRONG_POUND')) return null;
      if (!(err instanceof Refusal)) throw err;
      // Any other refusal (s. 8 particulars, a paper step the engine refuses under s. 14): the form again, saying why;
      // nothing was saved.
      throw new Unprocessable(form(key, values, refusalText(f.t, err, 'staff')));
    }
  });
  app.get('/desk/v/seize', { config: { rateLimit } }, seizePage);
  // The page's script shrinks each photo to a few hundred kB before sending; the limit leaves room for a phone's
  // full-size photo sent as it is (a browser that cannot shrink it), which the server then shrinks itself.
  app.post('/desk/v/seize', { config: { rateLimit }, bodyLimit: SEIZE_BODY_LIMIT }, seizePage);
  app.post('/desk/v/staff', { config: { rateLimit }, bodyLimit: 4096 }, staffPage);
}

export const SEIZE_BODY_LIMIT = PHOTO_FIELD_MAX + (SEIZE_ROWS - 1) * 1024 * 1024 + 65_536;
