import { InlineKeyboard } from 'grammy';
import { refusalText } from '../../src/i18n';
import { deskUrl } from '../../src/services/desk';
import { isRefusal, Refusal } from '../../src/services/refusal';
import {
  enrolmentLink,
  administersStaff,
  issueStaffCode,
  type IssueResult,
  type StaffListEntry,
  listStaff,
  revokeStaffGrant,
  roleFromWord,
  lawRole,
} from '../../src/services/staff';
import { registerMenuForUser } from '../commands';
import { callbackCodec } from '../flows/callback-codec';
import type { BotContext } from '../context';
import { Feature } from './feature';

/**
 * Staff administration from the chat, for an administrator and the District Magistrate's office (its district's
 * pounds): `/enrol <role> <pound> [name]` issues the single-use code and link the admin CLI prints, `/staff` lists
 * the active staff, `/revoke <number>` ends one grant at once — the same services (src/services/staff/admin.ts over
 * src/services/staff/enrolment.ts), audited, issuing capped per official. On the embedded database the CLI cannot run
 * beside the bot; this needs no downtime. An official's own grant is revoked only after he taps the signed
 * confirmation button (`revokeSelfCb`); only another administrator or the Magistrate's office could restore it.
 */
export const staffAdminFeature = new Feature();

/** "Yes, revoke my own grant" under the question `/revoke <own number>` asks. */
export const revokeSelfCb = callbackCodec('st|rv', ['staffId:int']);

const allowed = async (ctx: BotContext) => {
  if (administersStaff(ctx.actor)) return true;
  // An owner (or a revoked official) is told what any owner is told of a staff command.
  await ctx.reply(ctx.t(ctx.actor.grants.length ? 'desk:chat.admin_only' : 'common:error.not_allowed'));
  return false;
};

staffAdminFeature.command('enrol', async (ctx) => {
  if (!(await allowed(ctx))) return;
  const [roleWord, pound, ...rest] = ctx.match.trim().split(/\s+/).filter(Boolean);
  const role = roleWord ? roleFromWord(roleWord) : null;
  if (!role || !pound) {
    await ctx.reply(ctx.t('desk:chat.enrol_usage'));
    return;
  }
  let r: IssueResult;
  try {
    r = await issueStaffCode(ctx.deps.db, ctx.actor, {
      role,
      poundCodes: [pound],
      name: rest.join(' ') || null,
      ttlHours: ctx.deps.config.ENROLMENT_CODE_TTL_HOURS,
      now: ctx.deps.clock.now(),
    });
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    await ctx.reply(refusalText(ctx.t, e, 'staff'));
    return;
  }
  await ctx.reply(
    ctx.t('desk:chat.enrol_done', {
      role: ctx.t(`common:role.${lawRole(r.role)}`),
      pounds: r.poundCodes.join(', '),
      code: r.code,
      link: enrolmentLink(ctx.deps.botUsername, r.code),
      at: r.expiresAt.toISOString(),
    }),
  );
});

staffAdminFeature.command('staff', async (ctx) => {
  if (!(await allowed(ctx))) return;
  let staff: StaffListEntry[];
  try {
    // On his grants as they stand now: an office revoked a moment ago (elsewhere) is told so, and shown nobody.
    staff = await listStaff(ctx.deps.db, ctx.actor);
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    await ctx.reply(ctx.t('desk:chat.admin_only'));
    return;
  }
  if (!staff.length) {
    await ctx.reply(ctx.t('desk:staff.none'));
    return;
  }
  const lines = staff.map((s) =>
    ctx.t('desk:chat.staff_line', {
      id: s.id,
      name: s.self ? `${s.name} ${ctx.t('desk:revoke_self.you')}` : s.name,
      role: ctx.t(`common:role.${lawRole(s.role)}`),
      pounds: s.poundCodes.join(', ') || '*',
    }),
  );
  await ctx.reply([ctx.t('desk:chat.staff_title'), ...lines, ctx.t('desk:chat.staff_hint')].join('\n').slice(0, 4000));
});

staffAdminFeature.command('revoke', async (ctx) => {
  if (!(await allowed(ctx))) return;
  const arg = ctx.match.trim().replace(/^#/, '');
  if (!/^\d{1,9}$/.test(arg)) {
    await ctx.reply(ctx.t('desk:chat.revoke_usage'));
    return;
  }
  await revokeAndReply(ctx, Number(arg), false);
});

revokeSelfCb.handle(staffAdminFeature, async (ctx, { staffId }) => {
  await ctx.editMessageReplyMarkup().catch(() => undefined);
  await revokeAndReply(ctx, staffId, true);
});

/** Revokes grant `staffId` and says so; his own grant, unconfirmed, is asked about with the confirmation button. */
async function revokeAndReply(ctx: BotContext, staffId: number, selfConfirmed: boolean): Promise<void> {
  let done: StaffListEntry;
  try {
    done = await revokeStaffGrant(ctx.deps.db, ctx.actor, staffId, ctx.deps.clock.now(), { selfConfirmed });
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    if (isRefusal(e, 'STAFF_REVOKE_SELF_UNCONFIRMED')) {
      const own = (await listStaff(ctx.deps.db, ctx.actor)).find((s) => s.id === staffId);
      await ctx.reply(
        ctx.t('desk:revoke_self.ask', {
          id: staffId,
          role: own ? ctx.t(`common:role.${lawRole(own.role)}`) : '',
          pounds: own?.poundCodes.join(', ') || '*',
        }),
        {
          reply_markup: new InlineKeyboard().text(ctx.t('desk:revoke_self.yes'), revokeSelfCb.encode(ctx, { staffId })),
        },
      );
      return;
    }
    await ctx.reply(refusalText(ctx.t, e, 'staff'));
    return;
  }
  // This process's cache of his grants goes at once (other processes' within USER_CACHE_TTL_MS, and no act of his
  // waits for that: every write reads the grants again); his chat menu goes back to the owner commands.
  ctx.userCache.forget(done.telegramId);
  await registerMenuForUser(ctx.api, ctx.deps, done.telegramId, deskUrl(ctx.deps.config)).catch((err) =>
    ctx.deps.logger.warn({ err: (err as Error).message }, 'menu of a revoked official not reset'),
  );
  await ctx.reply(ctx.t('desk:staff.revoked', { name: done.name }));
}
