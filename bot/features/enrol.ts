import { poundNameIn, refusalText } from '../../src/i18n';
import { deskUrl } from '../../src/services/desk';
import { redeemEnrolmentCode, type RedeemResult, lawRole } from '../../src/services/staff';
import { Refusal } from '../../src/services/refusal';
import { registerMenuForUser } from '../commands';
import { staffCommandList } from '../views/staff-commands';
import { leaveAnyFlow } from '../flows/flow';
import { Feature } from './feature';

/**
 * `/start enrol_<code>`: binds the sender's numeric Telegram id to the role and pounds of a single-use
 * enrolment code (usernames are never trusted). Other /start payloads go on to the owner flows.
 */
export const enrolFeature = new Feature();

enrolFeature.command('start', async (ctx, next) => {
  const payload = ctx.match.trim();
  if (!payload.startsWith('enrol_') || !ctx.from) return next();
  leaveAnyFlow(ctx);
  const { db, clock } = ctx.deps;
  let result: RedeemResult;
  try {
    result = await redeemEnrolmentCode(db, {
      code: payload.slice('enrol_'.length),
      telegramId: BigInt(ctx.from.id),
      firstName: ctx.from.first_name,
      chatId: ctx.chat.id,
      messageId: ctx.msg.message_id,
      now: clock.now(),
    });
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    // Ids and the reason only: the typed code may be a real one mistyped.
    ctx.deps.logger.warn(
      { update_id: ctx.update.update_id, from: ctx.from.id, refusal: e.code },
      'enrolment code refused',
    );
    await ctx.reply(refusalText(ctx.t, e, 'staff'));
    return;
  }
  ctx.userCache.forget(ctx.from.id);
  const pounds = await db.pound.findMany({ where: { code: { in: result.poundCodes } }, orderBy: { code: 'asc' } });
  const poundList = pounds
    .map((p) => ctx.t('staff:enrol.pound_line', { code: p.code, name: poundNameIn(ctx.lang, p) }))
    .join('\n');
  // The "/" menu of this chat now shows the role's commands too.
  await registerMenuForUser(ctx.api, ctx.deps, BigInt(ctx.from.id), deskUrl(ctx.deps.config));
  const role = lawRole(result.role);
  await ctx.reply(
    [
      ctx.t('staff:enrol.done', { name: result.name, role: ctx.t(`common:role.${role}`) }),
      poundList || ctx.t('staff:enrol.all_pounds'),
      staffCommandList(ctx, [result.role]),
      ctx.t(`staff:enrol.notes.${role}`),
    ].join('\n\n'),
  );
});
