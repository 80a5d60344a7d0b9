import { InputFile, type Api } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import QRCode from 'qrcode';
import { callbackSecret, encodeButtonAction } from '../src/callback-data';
import type { CoreDeps } from '../src/deps';
import { DocumentEngineError, DocumentUnavailable, makeDocument, type RenderedDocument } from '../src/documents';
import { type Lang, type Translate, userLanguage } from '../src/i18n';
import { windowsFromConfig } from '../src/services/dues';
import { deskUrl } from '../src/services/desk';
import { headsListText } from '../src/services/head-label';
import type { OutgoingMessage } from '../src/services/outbox';
import { markS14ReportDelivered } from '../src/services/notice';
import { loadGrants } from '../src/services/staff';
import { isBadRequest, type PermanentKind } from './permanent';

/**
 * What was left out of a message that went: its PDF could not be typeset (`document`), or Telegram refused its photo
 * or PDF (`attachment`). Neither gets better by retrying, so the words went without it, with a line saying so.
 */
export interface LeftOut {
  kind: Extract<PermanentKind, 'document' | 'attachment'>;
  reason: string;
}

/**
 * What happened to one message: sent (with its Telegram message id, and what had to be left out of it) or the
 * recipient cannot be reached.
 */
export type DeliveryResult =
  | { status: 'sent'; messageId: number; leftOut?: LeftOut }
  | { status: 'unreachable'; reason: string };

/** The recipient's language, by the same rule as the bot's replies (`userLanguage`). */
export async function recipientLanguage(deps: CoreDeps, chatId: string): Promise<Lang> {
  const user = await deps.db.telegramUser.findUnique({ where: { id: BigInt(chatId) } });
  return userLanguage(deps.config, user);
}

/** Renders an OutgoingMessage in the recipient's language into Telegram text and keyboard. */
export async function renderMessage(deps: CoreDeps, message: OutgoingMessage) {
  const lang = await recipientLanguage(deps, message.chatId);
  const t = deps.translator.forLang(lang);
  const text = messageText(t, lang, message);
  const rows: InlineKeyboardButton[][] | undefined = message.buttons?.map((row) =>
    row.map((b) =>
      b.url
        ? { text: t(b.key, b.params ?? {}), url: b.url }
        : {
            text: t(b.key, b.params ?? {}),
            callback_data: b.action ? encodeButtonAction(callbackSecret(deps.config), b.action) : (b.data ?? 'noop'),
          },
    ),
  );
  const desk = await deskButton(deps, message, t);
  const keyboard = desk ? [...(rows ?? []), [desk]] : rows;
  return { lang, text, keyboard };
}

/**
 * "Open in the desk" for a staff card about one entry (OutgoingMessage.deskEntry): a web_app button to the entry's
 * page, when the desk is offered (https PUBLIC_URL), the chat is private (Telegram allows web_app buttons only in a
 * private chat between a user and the bot: a group's id is negative) and the recipient is enrolled staff — never an
 * owner, whatever a message says. Otherwise none: the card's own buttons and the chat stay as they are.
 */
async function deskButton(
  deps: CoreDeps,
  message: OutgoingMessage,
  t: Translate,
): Promise<InlineKeyboardButton | null> {
  if (message.deskEntry === undefined) return null;
  const url = deskUrl(deps.config);
  if (!url || !/^[1-9]\d{0,19}$/.test(message.chatId)) return null;
  if (!(await loadGrants(deps.db, BigInt(message.chatId))).length) return null;
  return { text: t('desk:chat.open_entry'), web_app: { url: `${url}?entry=${message.deskEntry}` } };
}

/**
 * The text of a stored message in the reader's language: its parameters (the language's own where it has them) and,
 * for a message naming heads of the register, {{heads}} in the reader's words (src/services/head-label.ts).
 */
export function messageText(
  t: Translate,
  lang: Lang,
  message: Pick<OutgoingMessage, 'key' | 'params' | 'heads'>,
): string {
  const params: Record<string, unknown> = localizeParams(message.params ?? {}, lang);
  if (message.heads) params.heads = headsListText(t, message.heads);
  return t(message.key, params);
}

/**
 * Language-specific parameters: a message stored for later can carry `pound` and `pound@hi`; a Hindi
 * reader gets the `@hi` value under the plain name, so both locales keep the same {{pound}} placeholder.
 */
export function localizeParams<T>(params: Record<string, T>, lang: Lang): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(params)) if (!k.includes('@')) out[k] = v;
  for (const [k, v] of Object.entries(params)) {
    const at = k.lastIndexOf('@');
    if (at > 0 && k.slice(at + 1) === lang) out[k.slice(0, at)] = v;
  }
  return out;
}

/** Telegram's limit on a message text. */
export const TELEGRAM_TEXT_LIMIT = 4096;

/**
 * Splits a text longer than Telegram's 4096-character limit into parts, at a paragraph break if there
 * is one in the second half of the part, else at a line break, else at a space, else hard.
 */
export function splitForTelegram(text: string, limit = TELEGRAM_TEXT_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    let cut = -1;
    for (const sep of ['\n\n', '\n', ' ']) {
      const i = window.lastIndexOf(sep);
      if (i >= limit / 2) {
        cut = i;
        break;
      }
    }
    if (cut < 0) cut = limit;
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest.length > 0 || parts.length === 0) parts.push(rest);
  return parts;
}

/**
 * Receipts typeset lately, by receipt id: a receipt never changes once issued (its amounts are kept by triggers, its
 * number, lines and code are fixed), and a keeper's confirmation sends the same one twice — to the owner and to the
 * keeper who prints it. A few are kept, so the second copy is not typeset again.
 */
const RECEIPT_PDFS_KEPT = 16;
/** Per database (receipt ids are a database's own). */
const receiptPdfsOf = new WeakMap<object, Map<number, Promise<RenderedDocument | null>>>();

/**
 * The PDF of a message's document (src/documents), or null when it cannot be made (then the text goes alone).
 * Deep links in it use BOT_USERNAME (the same default as the app when it is not set).
 */
function documentFor(deps: CoreDeps, message: OutgoingMessage): Promise<RenderedDocument | null> {
  const ref = message.document!;
  if (ref.kind !== 'receipt') return typesetDocument(deps, message);
  let receiptPdfs = receiptPdfsOf.get(deps.db);
  if (!receiptPdfs) receiptPdfsOf.set(deps.db, (receiptPdfs = new Map()));
  const kept = receiptPdfs.get(ref.receiptId);
  if (kept) return kept;
  const made = typesetDocument(deps, message);
  if (receiptPdfs.size >= RECEIPT_PDFS_KEPT) receiptPdfs.delete(receiptPdfs.keys().next().value!);
  receiptPdfs.set(ref.receiptId, made);
  // Not made (not there yet, or the typesetting failed): the next send tries again.
  const cache = receiptPdfs;
  made.then(
    (doc) => doc === null && cache.delete(ref.receiptId),
    () => cache.delete(ref.receiptId),
  );
  return made;
}

async function typesetDocument(deps: CoreDeps, message: OutgoingMessage): Promise<RenderedDocument | null> {
  try {
    const botUsername = deps.config.BOT_USERNAME ?? 'kanji_sahayak_bot';
    return await makeDocument(
      {
        db: deps.db,
        translator: deps.translator,
        botUsername,
        publicUrl: deps.config.PUBLIC_URL,
        now: deps.clock.now(),
        windows: windowsFromConfig(deps.config),
      },
      message.document!,
    );
  } catch (e) {
    if (e instanceof DocumentUnavailable) return null;
    throw e;
  }
}

/** Options of deliverMessage: the sender's rate limiter waits for a slot before each Bot API call. */
export interface DeliverOptions {
  beforeCall?: (callIndex: number) => Promise<void>;
}

/** A kept photo to send: its Telegram file_id, else its stored bytes; null when it has neither (then the text goes alone). */
async function photoInputOf(deps: CoreDeps, photoId: number): Promise<string | InputFile | null> {
  const p = await deps.db.photo.findUnique({
    where: { id: photoId },
    select: { fileId: true, status: true, bytes: true, contentType: true },
  });
  if (p?.fileId) return p.fileId;
  if (p?.status === 'STORED' && p.bytes)
    return new InputFile(Buffer.from(p.bytes), `photo-${photoId}.${p.contentType === 'image/png' ? 'png' : 'jpg'}`);
  return null;
}

/**
 * Sends one OutgoingMessage through the Bot API and records what must be remembered about it
 * (a payment card's message id, so a keeper's reply finds the payment). Telegram errors other than
 * "blocked / chat not found" are thrown, for the caller's retry policy.
 */
export async function deliverMessage(
  deps: CoreDeps,
  api: Api,
  message: OutgoingMessage,
  options: DeliverOptions = {},
): Promise<DeliveryResult> {
  const { lang, text, keyboard } = await renderMessage(deps, message);
  const t = deps.translator.forLang(lang);
  const reply_markup = keyboard ? { inline_keyboard: keyboard } : undefined;
  let calls = 0;
  const gate = async () => {
    if (options.beforeCall) await options.beforeCall(calls);
    calls += 1;
  };
  // Texts over 4096 characters go in parts; the keyboard rides on the last part (the one tracked).
  const sendText = async (body: string) => {
    const parts = splitForTelegram(body);
    let id = 0;
    for (const [i, part] of parts.entries()) {
      await gate();
      id = (await api.sendMessage(message.chatId, part, i === parts.length - 1 ? { reply_markup } : {})).message_id;
    }
    return id;
  };
  let leftOut: LeftOut | undefined;
  // The words alone, with a line saying what could not go with them (in the reader's language).
  const wordsWithout = (what: 'document' | 'photo') => sendText(`${text}\n\n${t(`jobs:left_out.${what}`)}`);
  /**
   * A photo or PDF with the text as its caption (the tracked message carries the buttons); a text over Telegram's
   * 1024-character caption follows it. Telegram refusing the file itself (400) will refuse it again on every retry:
   * the words go alone instead.
   */
  const withFile = async (what: 'document' | 'photo', send: (extra: object) => Promise<{ message_id: number }>) => {
    try {
      await gate();
      if (text.length <= 1024) return (await send({ caption: text, reply_markup })).message_id;
      await send({});
    } catch (err) {
      if (!isBadRequest(err)) throw err;
      leftOut = { kind: 'attachment', reason: String((err as { description?: string }).description ?? err) };
      return wordsWithout(what);
    }
    return sendText(text);
  };
  let messageId: number;
  let photo: string | InputFile | null = null;
  try {
    let doc: RenderedDocument | null = null;
    if (message.document) {
      try {
        doc = await documentFor(deps, message);
      } catch (err) {
        // Typesetting fails the same way every time (src/documents/engine.ts): the words go without the PDF.
        // Anything else (the database unreachable while reading the facts) is transient and thrown for a retry.
        if (!(err instanceof DocumentEngineError)) throw err;
        leftOut = { kind: 'document', reason: err.message };
      }
    }
    if (doc) {
      const file = new InputFile(doc.pdf, doc.filename);
      messageId = await withFile('document', (extra) => api.sendDocument(message.chatId, file, extra));
    } else if (leftOut) {
      messageId = await wordsWithout('document');
    } else if (message.photoId && (photo = await photoInputOf(deps, message.photoId))) {
      const p = photo;
      messageId = await withFile('photo', (extra) => api.sendPhoto(message.chatId, p, extra));
    } else if (message.qr) {
      const png = await QRCode.toBuffer(message.qr, { margin: 2, width: 384 });
      // Telegram captions are limited to 1024 characters; longer texts go as a separate message.
      if (text.length <= 1024) {
        await gate();
        messageId = (await api.sendPhoto(message.chatId, new InputFile(png, 'qr.png'), { caption: text, reply_markup }))
          .message_id;
      } else {
        await gate();
        await api.sendPhoto(message.chatId, new InputFile(png, 'qr.png'));
        messageId = await sendText(text);
      }
    } else {
      messageId = await sendText(text);
    }
  } catch (err) {
    const e = err as { error_code?: number; description?: string };
    // 403: the user blocked the bot; 400 chat not found: never started it. Neither gets better by retrying.
    if (e.error_code === 403 || (e.error_code === 400 && /chat not found/i.test(e.description ?? ''))) {
      return { status: 'unreachable', reason: e.description ?? String(e.error_code) };
    }
    throw err;
  }
  if (message.track?.kind === 'payment_card') {
    await deps.db.paymentCard.createMany({
      data: [{ paymentId: message.track.paymentId, chatId: BigInt(message.chatId), messageId }],
      skipDuplicates: true,
    });
  }
  if (message.track?.kind === 's14_report') await s14ReportReached(deps, message.track.caseId);
  return { status: 'sent', messageId, ...(leftOut ? { leftOut } : {}) };
}

/**
 * The s. 14 report reached an officer: the case is reported now. Telegram has the message, so a failure
 * here must not make the sender retry (a second copy); it is logged (ids only) and the case stays
 * IMPOUNDED — /status and the register show it unreported, the notice by the officer reports it.
 */
async function s14ReportReached(deps: CoreDeps, caseId: number): Promise<void> {
  try {
    await markS14ReportDelivered(deps.db, caseId, deps.clock.now(), windowsFromConfig(deps.config));
  } catch (err) {
    deps.logger.error({ caseId, err: (err as Error).message }, 's14 report delivered but not recorded');
  }
}
