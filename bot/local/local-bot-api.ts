import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiClientOptions } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { boundaryOf, parseMultipart, readBody } from './multipart';

/** An inline button as the local chat shows it: callback buttons are tapped, URL buttons only shown. */
export interface LocalButton {
  text: string;
  callbackData?: string;
  url?: string;
}

/** A message the bot sent (or edited) in a persona's chat. */
export interface LocalMessage {
  chatId: number;
  messageId: number;
  /** The text or caption as the user would read it (HTML tags removed). */
  text: string;
  buttons: LocalButton[][];
  /** A photo or document the bot sent, saved under DATA_DIR/local-files. */
  file?: { kind: 'photo' | 'document' | 'media'; path: string };
  date: number;
}

/** What the chat prints: a new message, an edit, a deletion, or a callback answer (pop-up). */
export type LocalEvent =
  | { kind: 'message'; message: LocalMessage }
  | { kind: 'edited'; message: LocalMessage }
  | { kind: 'deleted'; chatId: number; messageId: number }
  | { kind: 'callback_answer'; userId: number; text: string; alert: boolean };

type ApiAnswer = { ok: true; result: unknown } | { ok: false; error_code: number; description: string };

// Telegram's limits, so a text that would fail in production fails here too.
const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;
const MAX_CALLBACK_DATA_BYTES = 64;

const JSON_FIELDS = new Set(['reply_markup', 'entities', 'caption_entities', 'reply_parameters', 'link_preview_options', 'media', 'commands', 'scope', 'menu_button', 'allowed_updates']);

/** Options of the stand-in: who can be written to, where files go, and the app's clock for message dates. */
export interface LocalBotApiOptions {
  botInfo: UserFromGetMe;
  /** Chats that exist (the personas' private chats); others answer 400 "chat not found" as Telegram does. */
  isKnownChat: (chatId: number) => boolean;
  /** Folder for photos and documents the bot sends. */
  filesDir: string;
  now: () => Date;
  /** Message ids already used per chat (restored after a restart so ids never repeat in a chat). */
  nextMessageIds?: Record<string, number>;
}

/**
 * The in-process stand-in for the Telegram Bot API used by the local chat. grammY's `client.fetch` is
 * routed here, so the real bot and the job workers (which share the Api object) talk to it unchanged.
 * It answers each method with what Telegram would, enforces Telegram's size limits, keeps the messages
 * of each chat (for replies, taps and edits), saves uploaded files, and tells its listeners.
 */
export class LocalBotApi {
  private readonly messages = new Map<string, LocalMessage>();
  private readonly nextIds = new Map<number, number>();
  private readonly callbackUsers = new Map<string, number>();
  private readonly listeners: Array<(event: LocalEvent) => void> = [];
  /** Photos a persona sent (/photo): file id → the file on disk, so the bot can send them on by file id. */
  private readonly uploads = new Map<string, string>();

  constructor(private readonly options: LocalBotApiOptions) {
    for (const [chat, next] of Object.entries(options.nextMessageIds ?? {})) this.nextIds.set(Number(chat), next);
  }

  /** The grammY client option that routes every Bot API call to this stand-in. */
  get client(): ApiClientOptions {
    return { fetch: this.fetch as unknown as ApiClientOptions['fetch'] };
  }

  /** Called for every message, edit, deletion and callback answer. */
  onEvent(listener: (event: LocalEvent) => void): void {
    this.listeners.push(listener);
  }

  /** The next message id in a chat; user messages take ids from the same sequence, as in Telegram. */
  allocateMessageId(chatId: number): number {
    const id = this.nextIds.get(chatId) ?? 1;
    this.nextIds.set(chatId, id + 1);
    return id;
  }

  /** Per-chat id counters, to be saved and passed back after a restart. */
  messageIdState(): Record<string, number> {
    return Object.fromEntries([...this.nextIds].map(([chat, next]) => [String(chat), next]));
  }

  /** A message the bot sent in this chat, if it is still there. */
  message(chatId: number, messageId: number): LocalMessage | undefined {
    return this.messages.get(`${chatId}:${messageId}`);
  }

  /** Registers a file a persona sends (a photo from disk) and returns its Telegram-style file id. */
  registerUpload(file: string): { fileId: string; fileUniqueId: string } {
    const n = this.uploads.size + 1;
    const fileId = `local-upload-${n}-${path.basename(file).replace(/[^\w.-]/g, '_')}`;
    this.uploads.set(fileId, file);
    return { fileId, fileUniqueId: `lu${n}` };
  }

  /** Remembers who tapped, so the callback answer is shown to that persona. */
  registerCallback(callbackId: string, userId: number): void {
    this.callbackUsers.set(callbackId, userId);
  }

  readonly fetch = async (input: string | URL, init?: { body?: unknown; headers?: Record<string, string> }): Promise<Response> => {
    const url = String(input);
    const method = url.slice(url.lastIndexOf('/') + 1);
    const { payload, files } = await decodePayload(init);
    const answer = this.answer(method, payload, files);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };

  private answer(method: string, p: Record<string, unknown>, files: Map<string, { filename: string; data: Buffer }>): ApiAnswer {
    switch (method) {
      case 'getMe':
        return ok(this.options.botInfo);
      case 'sendMessage':
        return this.send(p, String(p.text ?? ''), MAX_TEXT, 'message is too long', undefined);
      case 'sendPhoto':
        return this.send(p, String(p.caption ?? ''), MAX_CAPTION, 'message caption is too long', () => this.saveFile(p, files, 'photo', 'photo'));
      case 'sendDocument':
        return this.send(p, String(p.caption ?? ''), MAX_CAPTION, 'message caption is too long', () => this.saveFile(p, files, 'document', 'document'));
      case 'sendAudio':
      case 'sendVideo':
      case 'sendAnimation':
      case 'sendVoice': {
        const field = method.slice(4).toLowerCase();
        return this.send(p, String(p.caption ?? ''), MAX_CAPTION, 'message caption is too long', () => this.saveFile(p, files, field, 'media'));
      }
      case 'editMessageText':
      case 'editMessageCaption':
      case 'editMessageReplyMarkup':
        return this.edit(method, p);
      case 'deleteMessage': {
        const chatId = Number(p.chat_id);
        const messageId = Number(p.message_id);
        if (!this.messages.delete(`${chatId}:${messageId}`)) return fail(400, 'Bad Request: message to delete not found');
        this.emit({ kind: 'deleted', chatId, messageId });
        return ok(true);
      }
      case 'answerCallbackQuery': {
        const userId = this.callbackUsers.get(String(p.callback_query_id));
        if (userId === undefined) return fail(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
        this.callbackUsers.delete(String(p.callback_query_id));
        if (p.text) this.emit({ kind: 'callback_answer', userId, text: String(p.text), alert: p.show_alert === true || p.show_alert === 'true' });
        return ok(true);
      }
      case 'getChat': {
        const chatId = Number(p.chat_id);
        if (!this.options.isKnownChat(chatId)) return fail(400, 'Bad Request: chat not found');
        return ok({ id: chatId, type: 'private' });
      }
      case 'getFile': {
        const file = this.uploads.get(String(p.file_id));
        if (!file) return fail(400, 'Bad Request: invalid file_id');
        return ok({ file_id: p.file_id, file_unique_id: `u-${String(p.file_id)}`, file_path: file });
      }
      case 'getMyCommands':
        return ok([]);
      case 'getWebhookInfo':
        return ok({ url: '', has_custom_certificate: false, pending_update_count: 0 });
      case 'getUpdates':
        return ok([]);
      default:
        // setMyCommands, deleteMyCommands, setWebhook, deleteWebhook, setChatMenuButton, sendChatAction, ...:
        // settings with nothing to show locally.
        return ok(true);
    }
  }

  private send(p: Record<string, unknown>, rawText: string, limit: number, tooLong: string, saveFile: (() => LocalMessage['file'] | ApiAnswer) | undefined): ApiAnswer {
    const chatId = Number(p.chat_id);
    if (!Number.isSafeInteger(chatId) || !this.options.isKnownChat(chatId)) return fail(400, 'Bad Request: chat not found');
    if (!saveFile && rawText.trim() === '') return fail(400, 'Bad Request: message text is empty');
    if (rawText.length > limit) return fail(400, `Bad Request: ${tooLong}`);
    const buttons = readButtons(p.reply_markup);
    if ('ok' in buttons) return buttons;
    const file = saveFile?.();
    if (file && 'ok' in file) return file;
    const message: LocalMessage = {
      chatId,
      messageId: this.allocateMessageId(chatId),
      text: displayText(rawText, p.parse_mode),
      buttons,
      ...(file ? { file } : {}),
      date: Math.floor(this.options.now().getTime() / 1000),
    };
    this.messages.set(`${chatId}:${message.messageId}`, message);
    this.emit({ kind: 'message', message });
    return ok(telegramMessage(message, this.options.botInfo, rawText, p));
  }

  private edit(method: string, p: Record<string, unknown>): ApiAnswer {
    const chatId = Number(p.chat_id);
    const existing = this.messages.get(`${chatId}:${Number(p.message_id)}`);
    if (!existing) return fail(400, 'Bad Request: message to edit not found');
    const buttons = readButtons(p.reply_markup);
    if ('ok' in buttons) return buttons;
    let text = existing.text;
    if (method !== 'editMessageReplyMarkup') {
      const raw = String((method === 'editMessageText' ? p.text : p.caption) ?? '');
      const limit = method === 'editMessageText' ? MAX_TEXT : MAX_CAPTION;
      if (method === 'editMessageText' && raw.trim() === '') return fail(400, 'Bad Request: message text is empty');
      if (raw.length > limit) return fail(400, `Bad Request: ${method === 'editMessageText' ? 'message is too long' : 'message caption is too long'}`);
      text = displayText(raw, p.parse_mode);
    }
    if (text === existing.text && JSON.stringify(buttons) === JSON.stringify(existing.buttons)) {
      return fail(400, 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message');
    }
    const message: LocalMessage = { ...existing, text, buttons };
    this.messages.set(`${chatId}:${message.messageId}`, message);
    this.emit({ kind: 'edited', message });
    return ok(telegramMessage(message, this.options.botInfo, text, p));
  }

  private saveFile(p: Record<string, unknown>, files: Map<string, { filename: string; data: Buffer }>, field: string, kind: 'photo' | 'document' | 'media'): LocalMessage['file'] | ApiAnswer {
    const chatId = Number(p.chat_id);
    const ref = String(p[field] ?? '');
    const attached = ref.startsWith('attach://') ? files.get(ref.slice('attach://'.length)) : undefined;
    if (ref.startsWith('attach://') && !attached) return fail(400, `Bad Request: file must be non-empty`);
    if (!attached) {
      if (!ref) return fail(400, `Bad Request: there is no ${field} in the request`);
      // Sent on by file id: a persona's upload shows its file; any other id or URL is shown as it is.
      return { kind, path: this.uploads.get(ref) ?? ref };
    }
    mkdirSync(this.options.filesDir, { recursive: true });
    // The next message id of the chat names the file, so each saved file is distinct and easy to match.
    const next = this.nextIds.get(chatId) ?? 1;
    const safeName = path.basename(attached.filename).replace(/[^\w.-]/g, '_') || `${field}.dat`;
    const file = path.join(this.options.filesDir, `${chatId}-${next}-${safeName}`);
    writeFileSync(file, attached.data);
    return { kind, path: file };
  }

  private emit(event: LocalEvent): void {
    for (const l of this.listeners) l(event);
  }
}

function ok(result: unknown): ApiAnswer {
  return { ok: true, result };
}

function fail(error_code: number, description: string): ApiAnswer {
  return { ok: false, error_code, description };
}

function readButtons(markup: unknown): LocalButton[][] | ApiAnswer {
  const rows = (markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  if (!Array.isArray(rows)) return [];
  const out: LocalButton[][] = [];
  for (const row of rows) {
    if (!Array.isArray(row)) return fail(400, 'Bad Request: field "inline_keyboard" must be an Array of Array');
    const buttons: LocalButton[] = [];
    for (const b of row as Array<Record<string, unknown>>) {
      const text = String(b.text ?? '');
      if (!text) return fail(400, 'Bad Request: text buttons are unallowed in the inline keyboard');
      if (typeof b.callback_data === 'string') {
        if (Buffer.byteLength(b.callback_data) > MAX_CALLBACK_DATA_BYTES || b.callback_data === '') return fail(400, 'Bad Request: BUTTON_DATA_INVALID');
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
function displayText(raw: string, parseMode: unknown): string {
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

function telegramMessage(m: LocalMessage, bot: UserFromGetMe, rawText: string, p: Record<string, unknown>) {
  const base = {
    message_id: m.messageId,
    date: m.date,
    chat: { id: m.chatId, type: 'private' as const, first_name: 'local' },
    from: { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username },
    ...(m.buttons.length ? { reply_markup: p.reply_markup } : {}),
  };
  if (m.file?.kind === 'photo') {
    return { ...base, photo: [{ file_id: `local-photo-${m.chatId}-${m.messageId}`, file_unique_id: `lp${m.chatId}${m.messageId}`, width: 384, height: 384 }], ...(rawText ? { caption: rawText } : {}) };
  }
  if (m.file) {
    return { ...base, document: { file_id: `local-file-${m.chatId}-${m.messageId}`, file_unique_id: `lf${m.chatId}${m.messageId}`, file_name: m.file.path.split(/[\\/]/).pop() }, ...(rawText ? { caption: rawText } : {}) };
  }
  return { ...base, text: rawText };
}

async function decodePayload(init?: { body?: unknown; headers?: Record<string, string> }): Promise<{ payload: Record<string, unknown>; files: Map<string, { filename: string; data: Buffer }> }> {
  const files = new Map<string, { filename: string; data: Buffer }>();
  if (!init?.body) return { payload: {}, files };
  const headers = new Headers(init.headers ?? {});
  const boundary = boundaryOf(headers.get('content-type'));
  const body = await readBody(init.body);
  if (!boundary) return { payload: body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {}, files };
  const payload: Record<string, unknown> = {};
  for (const part of parseMultipart(body, boundary)) {
    if (part.filename !== undefined) {
      files.set(part.name, { filename: part.filename, data: part.data });
      continue;
    }
    const value = part.data.toString('utf8');
    payload[part.name] = JSON_FIELDS.has(part.name) ? safeJson(value) : value;
  }
  return { payload, files };
}

function safeJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}
