import type { Refusal } from '../../src/services/refusal';
import type { BotContext } from '../context';
import { sectionText } from './text';

/**
 * A refusal in the reader's words — the one renderer for every refusal of the services (src/services/refusal.ts):
 * `refusal:<reason>` (locales/<lang>/refusal.json) with the section of the Act that forbids the act, the case
 * number and the status the case is at. Rights refusals use the shared `common:error.*` words.
 */
export function refusalText(
  ctx: Pick<BotContext, 't' | 'lang' | 'deps'>,
  e: Refusal,
  c: { number: string; status?: string } = { number: '' },
): string {
  switch (e.code) {
    case 'NOT_ALLOWED':
      return ctx.t('common:error.not_allowed');
    case 'WRONG_POUND':
      return ctx.t('common:error.wrong_pound', { number: c.number });
    case 'CASE_NOT_FOUND':
      return ctx.t('common:error.case_not_found', { number: c.number });
  }
  const reason = e.reason;
  const key = ctx.deps.translator.i18n.exists(`refusal:${reason}`, { lng: ctx.lang })
    ? `refusal:${reason}`
    : 'refusal:OTHER';
  const status = String(e.params.status ?? c.status ?? '');
  const params: Record<string, unknown> = {
    ...e.params,
    reason,
    number: c.number,
    section: sectionText(ctx, e.section),
    status: status ? ctx.t(`common:status.${status}`) : '',
  };
  // A back-entry's refusal names the paper step it is about (and, for a missing one, the step it needs).
  if (typeof e.params.step === 'string') params.step = ctx.t(`staff:paper.step.${e.params.step}`);
  if (reason === 'PAPER_STEP_MISSING') params.missing = ctx.t(`staff:paper.step.${String(e.params.missing)}`);
  if (reason === 'PROCLAMATION_PENDING') {
    // "village,market" → "in the village and at the market-place" in the reader's language.
    const missing = String(e.params.missing ?? '')
      .split(',')
      .filter((p) => p === 'village' || p === 'market');
    params.missing = missing.map((p) => ctx.t(`officer:notice.place_${p}`)).join(ctx.t('officer:notice.and'));
  }
  return ctx.t(key, params);
}
