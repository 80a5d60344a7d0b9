import type { Refusal } from '../services/refusal';
import type { Translate } from '.';

/** Who reads a refusal: an owner is told plainly what to do; staff are told the section and the command. */
export type Audience = 'owner' | 'staff';

/** The case a refusal is about, when the caller knows it better than the refusal's params. */
export interface RefusalCase {
  number?: string;
  status?: string;
  /**
   * The animals of the case still in the pound, when the renderer knows the case: one reads singular to an owner ("the
   * animal is not yet recorded as brought in", a status of one animal left). The law's refusal carries no count.
   */
  count?: number;
}

/**
 * The keys tried for a refusal's wording, first found wins: `refusal:owner.<REASON>` for an owner (where the owner's
 * wording differs), `refusal:<REASON>`, then the words for a reason the table lacks: `refusal:owner.OTHER` ("the
 * law does not allow it at this stage") for an owner, `refusal:OTHER` (the reason itself) for staff.
 */
export function refusalKeys(reason: string, audience: Audience): string[] {
  return audience === 'owner'
    ? [`refusal:owner.${reason}`, `refusal:${reason}`, 'refusal:owner.OTHER']
    : [`refusal:${reason}`, 'refusal:OTHER'];
}

/**
 * A refusal in the reader's words — the one renderer of every refusal a service gives (src/services/refusal.ts), for
 * the bot, the local chat, the staff desk and the jobs alike: the one table `refusal:<REASON>`
 * (locales/<lang>/refusal.json) with the section of the Act that forbids the act, the case number and the status the
 * case is at.
 */
export function refusalText(t: Translate, refusal: Refusal, audience: Audience, c: RefusalCase = {}): string {
  const reason = refusal.reason;
  const status = String(refusal.params.status ?? c.status ?? '');
  // None in the pound is no count: Hindi reads 0 as singular, and the plain text (the plural) is right for none.
  const heads = c.count !== undefined && c.count > 0 ? { count: c.count } : {};
  const params: Record<string, unknown> = {
    ...heads,
    ...refusal.params,
    reason,
    number: c.number || refusal.params.number || '',
    section: refusal.section ? t('common:section', { n: refusal.section.replace(/^s\.\s*/, '') }) : '',
    status: status ? t(`common:status.${status}`, heads) : '',
  };
  // A back-entry's refusal names the paper step it is about (and, for a missing one, the step it needs).
  if (typeof refusal.params.step === 'string') params.step = t(`staff:paper.step.${refusal.params.step}`);
  if (reason === 'PAPER_STEP_MISSING') params.missing = t(`staff:paper.step.${String(refusal.params.missing)}`);
  if (reason === 'PROCLAMATION_PENDING') {
    // "village,market" → "in the village and at the market-place" in the reader's language.
    const missing = String(refusal.params.missing ?? '')
      .split(',')
      .filter((p) => p === 'village' || p === 'market');
    params.missing = missing.map((p) => t(`officer:notice.place_${p}`)).join(t('officer:notice.and'));
  }
  // An entry refused before it was saved has no number yet: its wording says "this entry" (`<REASON>_unnumbered`,
  // where the table has one) instead of printing an empty case number.
  if (!params.number) params.context = 'unnumbered';
  // i18next takes a list of keys and words the first it has; `Translate` is typed for one key.
  return (t as unknown as (keys: string[], options: Record<string, unknown>) => string)(
    refusalKeys(reason, audience),
    params,
  );
}
