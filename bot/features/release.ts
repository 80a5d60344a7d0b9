import { caseNumberKey, splitCaseNumber } from '../../src/services/cases';
import { MAX_ORDER_REFERENCE, releaseCattle, type ReleaseOrderInput } from '../../src/services/release';
import { windowsFromConfig } from '../../src/services/dues';
import { may } from '../../src/services/staff';
import { requireStaff } from '../middleware/roles';
import { Refusal } from '../../src/services/refusal';
import { refusalText } from '../../src/i18n';
import { replyRefusal } from './officer-common';
import { Feature } from './feature';

/**
 * `/release <case>` — deliver the cattle on a confirmed payment (s. 13) or deposit (s. 15);
 * `/release <case> order <ref>` (Magistrate) or `/release <case> court <ref>` (Civil Court) on an order (s. 19).
 * Anything else is refused citing s. 19.
 */
export const releaseFeature = new Feature();

const ORDER_WORDS: Record<string, ReleaseOrderInput['authority']> = {
  order: 'MAGISTRATE',
  आदेश: 'MAGISTRATE',
  court: 'CIVIL_COURT',
  न्यायालय: 'CIVIL_COURT',
};

releaseFeature.command('release', async (ctx) => {
  // Who may at all: the staff command gate (bot/middleware/staff-commands.ts); at this pound: below.
  const arg = ctx.match.trim();
  if (!arg) {
    await ctx.reply(ctx.t('staff:release.usage'));
    return;
  }
  const split = splitCaseNumber(arg);
  if (!split) {
    await ctx.reply(ctx.t('common:error.case_malformed', { input: arg.split(/\s+/)[0]!.slice(0, 40) }));
    return;
  }
  const { number } = split.number;
  const [word, ...rest] = split.rest.split(/\s+/).filter(Boolean);
  let order: ReleaseOrderInput | null = null;
  if (word !== undefined) {
    const authority = ORDER_WORDS[word.toLowerCase()];
    const reference = rest.join(' ').trim();
    if (!authority || !reference || reference.length > MAX_ORDER_REFERENCE) {
      await ctx.reply(ctx.t('staff:release.usage'));
      return;
    }
    order = { authority, reference };
  }
  if (!order && !may(ctx.actor, 'release')) {
    // ss. 13 and 15 put delivery on payment or deposit in the pound-keeper's hands; others need an order (s. 19).
    await ctx.reply(ctx.t('staff:release.keeper_only'));
    return;
  }
  const c = await ctx.deps.db.case.findUnique({ where: { numberKey: caseNumberKey(split.number) } });
  if (!c) {
    await ctx.reply(ctx.t('common:error.case_not_found', { number }));
    return;
  }
  if (!(await requireStaff(ctx, order ? 'release.order' : 'release', { poundId: c.poundId, caseNumber: number })))
    return;
  try {
    const r = await releaseCattle(ctx.deps.db, {
      windows: windowsFromConfig(ctx.deps.config),
      caseNumber: number,
      actor: ctx.actor,
      now: ctx.deps.clock.now(),
      order,
    });
    if (r.status === 'already') {
      await ctx.reply(ctx.t('staff:release.already', { caseNumber: r.caseNumber, at: r.releasedAt.toISOString() }));
      return;
    }
    const parts = [
      ctx.t(`staff:release.done_${r.basis}`, {
        caseNumber: r.caseNumber,
        count: r.headCount,
        receiptNumber: r.receiptNumber ?? '',
        reference: r.orderReference ?? '',
      }),
    ];
    parts.push(ctx.t(r.ownerNotified ? 'staff:release.owner_notified' : 'staff:release.owner_unknown'));
    await ctx.reply(parts.join('\n\n'));
  } catch (e) {
    // The engine's refusal (s. 19: no payment, deposit or order) says first that this case was not released.
    if (e instanceof Refusal && e.code === 'REFUSED')
      await ctx.reply(
        `${ctx.t('staff:release.refused', { caseNumber: number })}\n${refusalText(ctx.t, e, 'staff', { number })}`,
      );
    else await replyRefusal(ctx, e, { number });
  }
});
