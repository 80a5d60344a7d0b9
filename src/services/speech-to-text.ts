import type { Lang } from '../i18n';

/**
 * Where a speech-to-text service plugs in for owners' voice notes. None is configured: no Hindi speech
 * recognition runs offline here, so by default a voice note gets a written answer saying what to type
 * (bot/features/owner-words.ts). A service given as `BotDeps.speechToText` gets the voice note's Telegram file
 * (it fetches it through the Bot API) and returns what was said, or null; the text is then understood like a
 * typed message — an intent, a case number or a search, never an action by itself.
 */
export interface SpeechToText {
  transcribe(voice: { fileId: string; durationSeconds: number; mimeType?: string }, lang: Lang): Promise<string | null>;
}
