import { Composer } from 'grammy';
import { deskUrl } from '../../src/services/desk';
import type { Lang } from '../../src/i18n';
import { registerMenuForUser } from '../commands';
import type { BotContext } from '../context';
import { languageKeyboard, ownerCb } from '../keyboards/owner';
import { onAction } from './on-action';

/** /language (or /language hi|en): the choice is stored in TelegramUser.language and used from then on. */
export const languageFeature = new Composer<BotContext>();

async function setLanguage(ctx: BotContext, lang: Lang): Promise<void> {
  if (!ctx.from) return;
  await ctx.deps.db.telegramUser.update({ where: { id: BigInt(ctx.from.id) }, data: { language: lang } });
  ctx.userCache.forget(ctx.from.id);
  ctx.lang = lang;
  ctx.t = ctx.deps.translator.forLang(lang);
  await ctx.reply(ctx.t('owner:language.set'));
  // The command menu follows the chosen language for this chat; a failure here must not undo the choice.
  await registerMenuForUser(ctx.api, ctx.deps, BigInt(ctx.from.id), deskUrl(ctx.deps.config)).catch((err) =>
    ctx.deps.logger.warn({ err }, 'command menu not updated'),
  );
}

languageFeature.command('language', async (ctx) => {
  const arg = ctx.match.trim().toLowerCase();
  if (arg === 'hi' || arg === 'hindi' || arg === 'हिन्दी' || arg === 'हिंदी') return setLanguage(ctx, 'hi');
  if (arg === 'en' || arg === 'english' || arg === 'अंग्रेज़ी' || arg === 'अंग्रेजी') return setLanguage(ctx, 'en');
  await ctx.reply(ctx.t('owner:language.choose'), { reply_markup: languageKeyboard(ctx) });
});

onAction(languageFeature, ownerCb.language, async (ctx, { code: lang }) => {
  if (lang !== 'hi' && lang !== 'en') return { text: ctx.t('common:error.stale_button'), alert: true };
  await setLanguage(ctx, lang);
});
