import type { BotHarness, TestUser } from './bot-harness';

/** The last message the bot sent to a user's chat (text or caption). */
export function lastText(h: BotHarness, user: TestUser): string {
  return h.api.lastTo(user.id)?.text ?? '';
}

/** All texts the bot sent to a user since `from` calls ago (for flows that answer with two messages). */
export function textsSince(h: BotHarness, user: TestUser, count: number): string[] {
  const all = h.api.sentTo(user.id);
  return all.slice(Math.max(0, all.length - count)).map((m) => m.text);
}

/**
 * Taps the button labelled `label` on the most recent bot message to `user` that has it — the way a
 * person would, so the keyboard the bot built (and its signed data) is what gets tested.
 */
export async function press(h: BotHarness, user: TestUser, label: string): Promise<void> {
  const messages = h.api.sentTo(user.id).reverse();
  for (const m of messages) {
    const rows = (m.payload.reply_markup?.inline_keyboard ?? []) as Array<
      Array<{ text: string; callback_data?: string }>
    >;
    const button = rows.flat().find((b) => b.text === label);
    if (button?.callback_data) {
      await h.tap(user, button.callback_data, m.messageId);
      return;
    }
  }
  throw new Error(
    `no button "${label}" in the messages to ${user.id}: ${messages.map((m) => JSON.stringify(m.payload.reply_markup ?? null)).join(' | ')}`,
  );
}

/** The callback data of a button on the last message to `user` that has a button labelled `label`. */
export function buttonData(h: BotHarness, user: TestUser, label: string): { data: string; messageId: number } {
  for (const m of h.api.sentTo(user.id).reverse()) {
    const rows = (m.payload.reply_markup?.inline_keyboard ?? []) as Array<
      Array<{ text: string; callback_data?: string }>
    >;
    const button = rows.flat().find((b) => b.text === label);
    if (button?.callback_data) return { data: button.callback_data, messageId: m.messageId };
  }
  throw new Error(`no button "${label}"`);
}

/** "s. 14" in the given language, as the bot renders it. */
export function section(h: BotHarness, lang: 'en' | 'hi', n: string): string {
  return h.deps.translator.t(lang, 'common:section', { n });
}

/** `t(key, params)` in one language, as the bot renders it: `const en = inLanguage(h, 'en')`. */
export function inLanguage(
  h: BotHarness,
  lang: 'en' | 'hi',
): (key: string, params?: Record<string, unknown>) => string {
  return (key, params) => h.deps.translator.t(lang, key, params);
}
