import type { Lang } from '../i18n';

/** A voice note as Telegram gives it: its file id (the bytes are fetched through the Bot API), length and type. */
export interface VoiceNote {
  fileId: string;
  durationSeconds: number;
  mimeType?: string;
}

/**
 * Where a speech-to-text service plugs in for owners' voice notes, given as `BotDeps.speechToText`. Off by default:
 * a voice note then gets a written answer saying what to type (bot/features/owner-words.ts). Two services can be
 * turned on (src/services/speech/: SPEECH_TO_TEXT=bhashini — Bhashini's ULCA pipeline — or offline — a recogniser
 * run here on a model the deployer supplies). The text heard is shown back ("I heard: …") and understood like a
 * typed message — an intent, a case number or a search, never an action by itself.
 */
export interface SpeechToText {
  transcribe(voice: VoiceNote, lang: Lang): Promise<string | null>;
}
