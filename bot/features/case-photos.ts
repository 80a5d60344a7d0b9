import { GrammyError, InputFile, type InlineKeyboard } from 'grammy';
import { scrubSecrets } from '../../src/logging';
import type { InputMediaPhoto } from 'grammy/types';
import type { CardPhoto } from '../../src/services/case-card';
import { storedPhoto } from '../../src/services/photos';
import type { BotContext } from '../context';
import { CAPTION_LIMIT, MESSAGE_LIMIT } from '../views/text';

/**
 * Photos sent with a case: one photo carrying the text as its caption when the text fits Telegram's 1024-character
 * caption, else the photos first (an album of up to 10, or one photo) and the text after them with its buttons.
 * Each photo goes by Telegram's file_id when the bot has one; a photo made here (the demo district's), or one whose
 * file_id Telegram no longer takes (another bot token), goes as its stored bytes.
 */

/** An album holds at most 10 photos. */
const MAX_ALBUM = 10;

async function inputOf(ctx: BotContext, caseId: number, p: CardPhoto, bytesOnly: boolean) {
  if (p.fileId && !bytesOnly) return p.fileId;
  if (!p.stored) return null;
  const s = await storedPhoto(ctx.deps.db, caseId, p.id);
  return s ? new InputFile(s.bytes, `photo-${p.id}.${s.contentType === 'image/png' ? 'png' : 'jpg'}`) : null;
}

/** A file_id this bot cannot send (another token's, or expired): Telegram's 400 about the file. */
function badFileId(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 400 && /file|media|photo/i.test(err.description);
}

/**
 * Sends the photos, as the caption's carrier when the text fits one photo's caption: 'with_text' when the text went
 * with them, 'photos' when they went alone, 'none' when there was no photo to send.
 */
async function sendPhotos(
  ctx: BotContext,
  caseId: number,
  photos: CardPhoto[],
  text: string,
  reply_markup: InlineKeyboard | undefined,
  bytesOnly: boolean,
): Promise<'with_text' | 'photos' | 'none'> {
  const inputs = (await Promise.all(photos.slice(0, MAX_ALBUM).map((p) => inputOf(ctx, caseId, p, bytesOnly)))).filter(
    (x): x is string | InputFile => x !== null,
  );
  if (inputs.length === 0) return 'none';
  if (inputs.length === 1 && text.length <= CAPTION_LIMIT) {
    await ctx.replyWithPhoto(inputs[0]!, { caption: text, ...(reply_markup ? { reply_markup } : {}) });
    return 'with_text';
  }
  if (inputs.length === 1) await ctx.replyWithPhoto(inputs[0]!);
  else await ctx.replyWithMediaGroup(inputs.map((media): InputMediaPhoto => ({ type: 'photo', media })));
  return 'photos';
}

/**
 * The photos as well as they can go: by file_id, then (Telegram refusing a file_id) as stored bytes. A picture never
 * costs the person his answer: whatever else goes wrong with the photos (Telegram refusing the bytes, the album, a
 * network failure, a flood wait beyond the reply's retries) is logged and the text goes on its own — 'failed'.
 */
async function photosAsCanGo(
  ctx: BotContext,
  caseId: number,
  photos: CardPhoto[],
  text: string,
  reply_markup: InlineKeyboard | undefined,
): Promise<'with_text' | 'photos' | 'none' | 'failed'> {
  try {
    try {
      return await sendPhotos(ctx, caseId, photos, text, reply_markup, false);
    } catch (err) {
      if (!badFileId(err)) throw err;
      return await sendPhotos(ctx, caseId, photos, text, reply_markup, true);
    }
  } catch (err) {
    // Ids and Telegram's own words only: no name, phone or file reference in the log.
    const e = err as { error_code?: number; description?: string; message?: string };
    ctx.deps.logger.warn(
      {
        caseId,
        photos: photos.length,
        code: e.error_code,
        err: scrubSecrets(String(e.description ?? e.message ?? err)).slice(0, 200),
      },
      'case photos could not be sent: the text goes alone',
    );
    return 'failed';
  }
}

/** The case's text with its photos (see the module comment); the text alone when there are none to send. */
export async function replyWithCasePhotos(
  ctx: BotContext,
  caseId: number,
  photos: CardPhoto[],
  text: string,
  reply_markup?: InlineKeyboard,
): Promise<void> {
  const sent = photos.length > 0 ? await photosAsCanGo(ctx, caseId, photos, text, reply_markup) : 'none';
  if (sent === 'with_text') return;
  // A short line tells the person the photos exist but could not be shown (when it fits Telegram's text limit).
  const note = `\n\n${ctx.t('photos:not_shown.line')}`;
  const body = sent === 'failed' && text.length + note.length <= MESSAGE_LIMIT ? text + note : text;
  await ctx.reply(body, reply_markup ? { reply_markup } : {});
}
