import { GrammyError, InputFile, type InlineKeyboard } from 'grammy';
import type { InputMediaPhoto } from 'grammy/types';
import type { CardPhoto } from '../../src/services/case-card';
import { storedPhoto } from '../../src/services/photos';
import type { BotContext } from '../context';
import { CAPTION_LIMIT } from '../views/text';

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

/** Sends the photos (as much as can go) with `text` and its keyboard; false when no photo could be sent. */
async function sendOnce(
  ctx: BotContext,
  caseId: number,
  photos: CardPhoto[],
  text: string,
  reply_markup: InlineKeyboard | undefined,
  bytesOnly: boolean,
): Promise<boolean> {
  const inputs = (await Promise.all(photos.slice(0, MAX_ALBUM).map((p) => inputOf(ctx, caseId, p, bytesOnly)))).filter(
    (x): x is string | InputFile => x !== null,
  );
  if (inputs.length === 0) return false;
  if (inputs.length === 1 && text.length <= CAPTION_LIMIT) {
    await ctx.replyWithPhoto(inputs[0]!, { caption: text, ...(reply_markup ? { reply_markup } : {}) });
    return true;
  }
  if (inputs.length === 1) await ctx.replyWithPhoto(inputs[0]!);
  else await ctx.replyWithMediaGroup(inputs.map((media): InputMediaPhoto => ({ type: 'photo', media })));
  await ctx.reply(text, reply_markup ? { reply_markup } : {});
  return true;
}

/** The case's text with its photos (see the module comment); the text alone when there are none to send. */
export async function replyWithCasePhotos(
  ctx: BotContext,
  caseId: number,
  photos: CardPhoto[],
  text: string,
  reply_markup?: InlineKeyboard,
): Promise<void> {
  if (photos.length > 0) {
    try {
      if (await sendOnce(ctx, caseId, photos, text, reply_markup, false)) return;
    } catch (err) {
      if (!badFileId(err)) throw err;
      if (await sendOnce(ctx, caseId, photos, text, reply_markup, true)) return;
    }
  }
  await ctx.reply(text, reply_markup ? { reply_markup } : {});
}
