import type { UserFromGetMe } from 'grammy/types';
import { boundaryOf, parseMultipart, readBody } from '../multipart';
import { apiError, TELEGRAM_LIMITS, type ApiError } from './limits';

/** An inline button as the local chat shows it: callback buttons are tapped, URL buttons only shown. */
export interface LocalButton {
  text: string;
  callbackData?: string;
  url?: string;
}

/** A message the bot sent (or edited) in a chat. */
export interface LocalMessage {
  chatId: number;
  messageId: number;
  /** The text or caption as the user would read it (HTML tags removed). */
  text: string;
  buttons: LocalButton[][];
  /** A photo or document the bot sent (saved under the stand-in's filesDir, or only named). */
  file?: { kind: 'photo' | 'document' | 'media'; path: string };
  date: number;
}

/** An uploaded file as the stand-in received it (a multipart part with a filename). */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

const JSON_FIELDS = new Set([
  'reply_markup',
  'entities',
  'caption_entities',
  'reply_parameters',
  'link_preview_options',
  'media',
  'commands',
  'scope',
  'menu_button',
  'allowed_updates',
]);

/**
 * A Bot API request's parameters: JSON, or multipart/form-data when grammY uploads a file. Files are kept
 * byte for byte in `files` (and in `payload._files` by part name, the field itself reading "attach://<part>").
 */
export async function decodePayload(
  body: unknown,
  contentType: string | null | undefined,
): Promise<{ payload: Record<string, any>; files: Map<string, UploadedFile> }> {
  const files = new Map<string, UploadedFile>();
  if (body == null) return { payload: {}, files };
  const bytes = await readBody(body);
  const boundary =
    boundaryOf(contentType ?? null) ??
    (bytes.subarray(0, 2).toString() === '--' ? bytes.toString('latin1', 2, bytes.indexOf('\r\n')) : undefined);
  if (!boundary)
    return { payload: bytes.length ? (JSON.parse(bytes.toString('utf8')) as Record<string, unknown>) : {}, files };
  const payload: Record<string, any> = { _multipart: true, _files: {} as Record<string, UploadedFile> };
  for (const part of parseMultipart(bytes, boundary)) {
    if (part.filename !== undefined) {
      files.set(part.name, { filename: part.filename, data: part.data });
      payload._files[part.name] = { filename: part.filename, data: part.data };
      continue;
    }
    const value = part.data.toString('utf8');
    payload[part.name] = JSON_FIELDS.has(part.name) || /^[[{]/.test(value) ? safeJson(value) : value;
  }
  return { payload, files };
}

/** The inline keyboard of a request, or Telegram's refusal (64-byte callback data, empty button text). */
export function readButtons(markup: unknown): LocalButton[][] | ApiError {
  const rows = (markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  if (!Array.isArray(rows)) return [];
  const out: LocalButton[][] = [];
  for (const row of rows) {
    if (!Array.isArray(row)) return apiError(400, 'Bad Request: field "inline_keyboard" must be an Array of Array');
    const buttons: LocalButton[] = [];
    for (const b of row as Array<Record<string, unknown>>) {
      const text = String(b.text ?? '');
      if (!text) return apiError(400, 'Bad Request: text buttons are unallowed in the inline keyboard');
      if (typeof b.callback_data === 'string') {
        if (Buffer.byteLength(b.callback_data) > TELEGRAM_LIMITS.callbackDataBytes || b.callback_data === '')
          return apiError(400, 'Bad Request: BUTTON_DATA_INVALID');
        buttons.push({ text, callbackData: b.callback_data });
      } else if (typeof b.url === 'string') {
        buttons.push({ text, url: b.url });
      } else {
        buttons.push({ text });
      }
    }
    out.push(buttons);
  }
  return out;
}

/** What the reader sees: HTML markup removed and entities decoded; MarkdownV2 escapes removed. */
export function displayText(raw: string, parseMode: unknown): string {
  if (parseMode === 'HTML') {
    return raw
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  }
  if (parseMode === 'MarkdownV2') return raw.replace(/\\([_*[\]()~`>#+\-=|{}.!\\])/g, '$1');
  return raw;
}

/** The Message object Telegram answers a send or an edit with. */
export function telegramMessage(m: LocalMessage, bot: UserFromGetMe, rawText: string, p: Record<string, unknown>) {
  const base = {
    message_id: m.messageId,
    date: m.date,
    chat: { id: m.chatId, type: 'private' as const, first_name: 'user' },
    from: { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username },
    ...(m.buttons.length ? { reply_markup: p.reply_markup } : {}),
  };
  if (m.file?.kind === 'photo') {
    return {
      ...base,
      photo: [
        {
          file_id: `photo-${m.chatId}-${m.messageId}`,
          file_unique_id: `lp${m.chatId}${m.messageId}`,
          width: 384,
          height: 384,
        },
      ],
      ...(rawText ? { caption: rawText } : {}),
    };
  }
  if (m.file) {
    return {
      ...base,
      document: {
        file_id: `file-${m.chatId}-${m.messageId}`,
        file_unique_id: `lf${m.chatId}${m.messageId}`,
        file_name: m.file.path.split(/[\\/]/).pop(),
      },
      ...(rawText ? { caption: rawText } : {}),
    };
  }
  return { ...base, text: rawText };
}

function safeJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** A request header, from a Headers object or a plain record. */
export function headerOf(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers as Record<string, string>).find(([k]) => k.toLowerCase() === name);
  return entry?.[1];
}
