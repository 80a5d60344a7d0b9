import type { BotContext } from '../context';
import { GLANCE, type Published, type StatsView } from '../../src/services/open-data';

// The chat's answer to /stats: the at-a-glance of a pound or a district in the reader's language, with the link to
// its page. Counts only; a cell of one or two register entries reads "< 3", one
// withheld to protect it "x", as on the page.

/** A published count as the reader's language groups digits, or its mark ("< 3", or "x" when withheld). */
const count = (lang: string, v: Published) =>
  typeof v === 'number' ? new Intl.NumberFormat(lang === 'hi' ? 'hi-IN' : 'en-IN').format(v) : v;

/** The address of the page of `v` (relative when the deployment has no PUBLIC_URL). */
export function statsPageUrl(publicUrl: string | undefined, v: StatsView, lang: string): string {
  const kind = v.kind === 'district' ? 'd' : 'p';
  return `${publicUrl ?? ''}/stats/${kind}/${encodeURIComponent(v.scope.code)}?lang=${lang}`;
}

/** The at-a-glance message. */
export function statsGlanceText(ctx: Pick<BotContext, 't' | 'lang'>, v: StatsView, url: string): string {
  const name = `${ctx.lang === 'hi' ? v.scope.nameHi : v.scope.name} (${v.scope.code})`;
  const figures = Object.fromEntries(GLANCE.map((g) => [g, count(ctx.lang, v.glance[g])]));
  return ctx.t('stats:chat.glance', { name, url, ...figures, interpolation: { escapeValue: false } });
}
