import type { ApiClientOptions } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { CallLog, type SentMessage } from './calls';
import { editedMessage } from './edit';
import { simulatedFailure } from './failure-mix';
import { StandInFiles } from './uploads';
import { apiError, FloodGate, TELEGRAM_LIMITS, textRefusal } from './limits';
import {
  DROPPED,
  STAND_IN_BOT,
  type AcceptedMessage,
  type ApiAnswer,
  type FailureMix,
  type LocalEvent,
  type Responder,
  type TelegramStandInOptions,
} from './types';
import {
  decodePayload,
  displayText,
  headerOf,
  readButtons,
  telegramMessage,
  type LocalMessage,
  type UploadedFile,
} from './wire';

export * from './types';

/**
 * The one stand-in for the Telegram Bot API: the e2e and jobs tests (in process, through grammY's
 * `client.fetch`), the local chat (`npm run local`), the chaos script and the benchmarks (over HTTP,
 * bot/local/telegram/http.ts). It enforces Telegram's limits — 4096 characters of text, 1024 of caption,
 * 64 bytes of callback data, and (unless turned off) 30 messages a second and one a second per chat, with
 * 429 and retry_after — keeps each chat's messages (replies, taps, edits), records every call, and fails on
 * demand: a test's responder, a scripted answer per chat, blocked chats (403), or `failing` (5xx, timeouts, 429s).
 */
export class TelegramStandIn {
  readonly botInfo: UserFromGetMe;
  private readonly log = new CallLog();
  readonly calls = this.log.calls;
  readonly accepted = this.log.accepted;
  readonly rejected429 = this.log.rejected429;
  readonly failures = { serverError: 0, timeout: 0, tooMany: 0, floodLimit429: 0, blocked403: 0 };
  /** While on, calls fail as `failureMix` says. */
  failing = false;
  failureMix: FailureMix = { serverError: 0.4, timeout: 0.25, maxRetryAfter: 5, timeoutHoldMs: 10_000 };
  protected readonly messages = new Map<string, LocalMessage>();
  private readonly nextIds = new Map<number, number>();
  private readonly callbackUsers = new Map<string, number>();
  private readonly listeners: Array<(event: LocalEvent) => void> = [];
  private readonly files: StandInFiles;
  private readonly responders: Responder[] = [];
  private readonly blocked = new Set<string>();
  private readonly flood: FloodGate | undefined;
  private readonly t0 = performance.now();

  constructor(protected readonly options: TelegramStandInOptions = {}) {
    this.botInfo = options.botInfo ?? STAND_IN_BOT;
    this.files = new StandInFiles(options.filesDir);
    this.flood = options.flood === false ? undefined : new FloodGate(options.flood ?? TELEGRAM_LIMITS);
    for (const [chat, next] of Object.entries(options.nextMessageIds ?? {})) this.nextIds.set(Number(chat), next);
  }

  /** ms since the stand-in was created (the clock of `at` in calls and accepted messages). */
  now(): number {
    return performance.now() - this.t0;
  }

  /** Answer some calls differently (return undefined to fall through; throw to fail like the network). */
  respond(responder: Responder): void {
    this.responders.push(responder);
  }

  /** The chat blocked the bot: 403 from now on. */
  block(chatId: string | number): void {
    this.blocked.add(String(chatId));
  }

  clear(): void {
    this.calls.length = 0;
  }

  onEvent(listener: (event: LocalEvent) => void): void {
    this.listeners.push(listener);
  }

  /** Messages (texts, captions, edits) sent to one chat, in order. */
  sentTo(chatId: number | bigint | string): SentMessage[] {
    return this.log.sentTo(chatId);
  }

  /** Messages accepted for one chat, in arrival order. */
  to(chatId: string | number): AcceptedMessage[] {
    return this.accepted.filter((m) => m.chatId === String(chatId));
  }

  lastTo(chatId: number | bigint | string) {
    return this.sentTo(chatId).at(-1);
  }

  /** The next message id in a chat; users' messages take ids from the same sequence, as in Telegram. */
  allocateMessageId(chatId: number): number {
    const id = this.nextIds.get(chatId) ?? 1;
    this.nextIds.set(chatId, id + 1);
    return id;
  }

  messageIdState(): Record<string, number> {
    return Object.fromEntries([...this.nextIds].map(([chat, next]) => [String(chat), next]));
  }

  message(chatId: number, messageId: number): LocalMessage | undefined {
    return this.messages.get(`${chatId}:${messageId}`);
  }

  /** Registers a file a user sends (a photo from disk) and returns its Telegram-style file id. */
  registerUpload(file: string): { fileId: string; fileUniqueId: string } {
    return this.files.registerUpload(file);
  }

  /** Registers a photo a user sends as bytes (tests: a JPEG or PNG made in memory); returns its file ids. */
  registerUploadBytes(data: Uint8Array, name = 'photo.jpg'): { fileId: string; fileUniqueId: string; size: number } {
    return this.files.registerUploadBytes(data, name);
  }

  /** A file download, `GET <root>/file/bot<token>/<file_path>` (StandInFiles.download), recorded as a call. */
  download(filePath: string): Response {
    this.calls.push({ method: 'downloadFile', payload: { file_path: filePath }, result: true, at: this.now() });
    return this.files.download(filePath);
  }

  /** Remembers who tapped, so the callback answer is shown to that user. */
  registerCallback(callbackId: string, userId: number): void {
    this.callbackUsers.set(callbackId, userId);
  }

  /** The grammY client option that routes every Bot API call here. */
  get client(): ApiClientOptions {
    return { fetch: this.fetch as unknown as ApiClientOptions['fetch'] };
  }

  readonly fetch = async (input: string | URL, init?: { body?: unknown; headers?: unknown }): Promise<Response> => {
    const url = String(input);
    const file = /\/file\/bot[^/]+\/(.+)$/.exec(url);
    if (file) return this.download(decodeURIComponent(file[1]!));
    const answer = await this.call(
      url.slice(url.lastIndexOf('/') + 1),
      init?.body,
      headerOf(init?.headers, 'content-type'),
    );
    if (answer === DROPPED) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    return new Response(JSON.stringify(answer), {
      status: answer.ok ? 200 : answer.error_code,
      headers: { 'content-type': 'application/json' },
    });
  };

  /** One Bot API call: the answer Telegram would give, or DROPPED (no answer: a simulated timeout). */
  async call(method: string, body: unknown, contentType: string | undefined): Promise<ApiAnswer | typeof DROPPED> {
    const { payload, files } = await decodePayload(body, contentType);
    const delay = (this.options.latencyMs ?? 0) + Math.random() * (this.options.jitterMs ?? 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (this.failing) {
      const f = await simulatedFailure(this.failureMix, this.failures);
      if (f === DROPPED) return f;
      this.calls.push({ method, payload, result: f, at: this.now() });
      return f;
    }
    for (const r of this.responders) {
      const answer = r(method, payload);
      if (answer) return this.record(method, payload, answer);
    }
    return this.record(method, payload, this.answer(method, payload, files));
  }

  private record(method: string, payload: Record<string, any>, answer: ApiAnswer): ApiAnswer {
    return this.log.record(method, payload, answer, this.now());
  }

  private get strict(): boolean {
    return this.options.strictState ?? true;
  }

  private answer(method: string, p: Record<string, any>, files: Map<string, UploadedFile>): ApiAnswer {
    const media = {
      sendPhoto: 'photo',
      sendDocument: 'document',
      sendAudio: 'media',
      sendVideo: 'media',
      sendAnimation: 'media',
      sendVoice: 'media',
    } as const;
    switch (method) {
      case 'getMe':
        return ok(this.botInfo);
      case 'sendMessage':
        return this.send(p, String(p.text ?? ''), 'text', undefined);
      case 'sendVenue': {
        // A venue (a place on the map) is shown as its title, address and position.
        const venue = `📍 ${String(p.title ?? '')}\n${String(p.address ?? '')}\n${p.latitude}, ${p.longitude}`;
        return this.send(p, venue, 'text', undefined);
      }
      case 'sendPhoto':
      case 'sendDocument':
      case 'sendAudio':
      case 'sendVideo':
      case 'sendAnimation':
      case 'sendVoice': {
        const field = method.slice(4).toLowerCase();
        return this.send(p, String(p.caption ?? ''), 'caption', () => this.saveFile(p, files, field, media[method]));
      }
      case 'editMessageText':
      case 'editMessageCaption':
      case 'editMessageReplyMarkup':
        return this.edit(method, p);
      case 'deleteMessage': {
        const chatId = Number(p.chat_id);
        const messageId = Number(p.message_id);
        if (!this.messages.delete(`${chatId}:${messageId}`) && this.strict)
          return apiError(400, 'Bad Request: message to delete not found');
        this.emit({ kind: 'deleted', chatId, messageId });
        return ok(true);
      }
      case 'answerCallbackQuery': {
        const userId = this.callbackUsers.get(String(p.callback_query_id));
        if (userId === undefined)
          return this.strict
            ? apiError(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid')
            : ok(true);
        this.callbackUsers.delete(String(p.callback_query_id));
        if (p.text)
          this.emit({
            kind: 'callback_answer',
            userId,
            text: String(p.text),
            alert: p.show_alert === true || p.show_alert === 'true',
          });
        return ok(true);
      }
      case 'getChat': {
        const chatId = Number(p.chat_id);
        if (!this.known(chatId)) return apiError(400, 'Bad Request: chat not found');
        return ok({ id: chatId, type: 'private' });
      }
      case 'getFile':
        return this.files.getFile(String(p.file_id));
      case 'sendMediaGroup':
        return this.sendAlbum(p, files);
      case 'getMyCommands':
      case 'getUpdates':
        return ok([]);
      case 'getWebhookInfo':
        return ok({ url: '', has_custom_certificate: false, pending_update_count: 0 });
      default:
        // setMyCommands, setWebhook, sendChatAction, ...: settings with nothing to show.
        return ok(true);
    }
  }

  private known(chatId: number): boolean {
    return Number.isSafeInteger(chatId) && (this.options.isKnownChat?.(chatId) ?? true);
  }

  private send(
    p: Record<string, any>,
    rawText: string,
    kind: 'text' | 'caption',
    saveFile: (() => LocalMessage['file'] | ApiAnswer) | undefined,
    flood = true,
  ): ApiAnswer {
    const chatId = Number(p.chat_id);
    if (!this.known(chatId)) return apiError(400, 'Bad Request: chat not found');
    if (this.blocked.has(String(p.chat_id))) {
      this.failures.blocked403++;
      return apiError(403, 'Forbidden: bot was blocked by the user');
    }
    const refused = textRefusal(rawText, kind, saveFile !== undefined);
    if (refused) return refused;
    const buttons = readButtons(p.reply_markup);
    if ('ok' in buttons) return buttons;
    const retryAfter = flood ? this.flood?.admit(String(p.chat_id), this.now()) : undefined;
    if (retryAfter !== undefined) {
      this.failures.floodLimit429++;
      return apiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
    }
    const file = saveFile?.();
    if (file && 'ok' in file) return file;
    const message: LocalMessage = {
      chatId,
      messageId: this.allocateMessageId(chatId),
      text: displayText(rawText, p.parse_mode),
      buttons,
      ...(file ? { file } : {}),
      date: Math.floor((this.options.now?.() ?? new Date()).getTime() / 1000),
    };
    this.messages.set(`${chatId}:${message.messageId}`, message);
    this.emit({ kind: 'message', message });
    return ok(telegramMessage(message, this.botInfo, rawText, p));
  }

  /**
   * An album (2–10 photos; only the first may carry a caption, at most 1024 characters): one message per photo,
   * answered as Telegram does with the array of messages.
   */
  private sendAlbum(p: Record<string, any>, files: Map<string, UploadedFile>): ApiAnswer {
    const media = Array.isArray(p.media) ? (p.media as Array<Record<string, any>>) : [];
    if (media.length < 2 || media.length > 10)
      return apiError(400, 'Bad Request: wrong number of media in the album (2-10)');
    const sent: unknown[] = [];
    for (const [i, m] of media.entries()) {
      if (m.type !== 'photo') return apiError(400, 'Bad Request: only photos are sent in albums here');
      const one = { chat_id: p.chat_id, photo: m.media, ...(m.caption ? { caption: m.caption } : {}) };
      // One request: the flood limits count the album once (its first photo), as one call to the API.
      const save = () => this.saveFile(one, files, 'photo', 'photo');
      const answer = this.send(one, String(m.caption ?? ''), 'caption', save, i === 0);
      if (!answer.ok) return i === 0 ? answer : apiError(400, 'Bad Request: album partly sent');
      sent.push(answer.result);
    }
    return ok(sent);
  }

  private edit(method: string, p: Record<string, any>): ApiAnswer {
    const chatId = Number(p.chat_id);
    const existing = this.messages.get(`${chatId}:${Number(p.message_id)}`);
    const edited = editedMessage(method, p, existing, this.strict);
    if ('ok' in edited) return edited;
    this.messages.set(`${chatId}:${edited.message.messageId}`, edited.message);
    this.emit({ kind: 'edited', message: edited.message });
    return ok(telegramMessage(edited.message, this.botInfo, edited.raw, p));
  }

  private saveFile(
    p: Record<string, any>,
    files: Map<string, UploadedFile>,
    field: string,
    kind: 'photo' | 'document' | 'media',
  ): LocalMessage['file'] | ApiAnswer {
    // The next message id of the chat names the file, so each saved file is distinct and easy to match.
    return this.files.save(p, files, field, kind, this.nextIds.get(Number(p.chat_id)) ?? 1);
  }

  private emit(event: LocalEvent): void {
    for (const l of this.listeners) l(event);
  }
}

function ok(result: unknown): ApiAnswer {
  return { ok: true, result };
}
