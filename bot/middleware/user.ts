import type { MiddlewareFn } from 'grammy';
import { languageFromTelegram, type Lang } from '../../src/i18n';
import type { BotContext } from '../context';

/**
 * Records the Telegram user (numeric id, first name, language; never a phone number), picks the language
 * (stored choice, else Telegram's language_code: Hindi for hi, else English) and loads active staff grants.
 */
export const loadUser: MiddlewareFn<BotContext> = async (ctx, next) => {
  const { db, translator, config, clock } = ctx.deps;
  const from = ctx.from;
  let lang: Lang = config.DEFAULT_LANGUAGE === 'hi' && !from ? 'hi' : 'en';
  if (from && !from.is_bot) {
    const id = BigInt(from.id);
    const user = await db.telegramUser.upsert({
      where: { id },
      create: { id, firstName: from.first_name, languageCode: from.language_code ?? null, lastSeenAt: clock.now() },
      update: { firstName: from.first_name, languageCode: from.language_code ?? null, lastSeenAt: clock.now() },
      include: {
        staff: { where: { revokedAt: null }, include: { pounds: true } },
      },
    });
    lang = (user.language as Lang | null) ?? languageFromTelegram(from.language_code, 'en');
    ctx.staff = user.staff.map((s) => ({ staffId: s.id, role: s.role, name: s.name, poundIds: s.pounds.map((p) => p.poundId) }));
  }
  ctx.lang = lang;
  ctx.t = translator.forLang(lang);
  return next();
};
