import type { ApiClientOptions } from 'grammy';

/** One Bot API call the bot made, as the fake saw it. */
export interface RecordedCall {
  method: string;
  payload: Record<string, any>;
  /** The result the fake answered with (message objects carry their message_id). */
  result: unknown;
}

type Responder = (method: string, payload: Record<string, any>) => { ok: true; result: unknown } | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } } | undefined;

/**
 * A stand-in for the Telegram Bot API, plugged into grammY through `client.fetch`: it answers every
 * method (sendMessage, sendPhoto, editMessageText, answerCallbackQuery, setMyCommands, ...) with a
 * plausible result, records each call, and can be told to fail (403 blocked, 429 retry_after).
 */
export class FakeBotApi {
  readonly calls: RecordedCall[] = [];
  private nextMessageId = 1000;
  private responders: Responder[] = [];
  readonly botInfo = {
    id: 7000000001,
    is_bot: true as const,
    first_name: 'Kanji Sahayak',
    username: 'KanjiSahayakTestBot',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };

  /** Answer some calls differently (return undefined to fall through to the default answer). */
  respond(responder: Responder): void {
    this.responders.push(responder);
  }

  clear(): void {
    this.calls.length = 0;
  }

  /** Messages (sendMessage/sendPhoto captions) sent to one chat, in order. */
  sentTo(chatId: number | bigint | string): Array<{ method: string; text: string; payload: Record<string, any>; messageId: number }> {
    return this.calls
      .filter((c) => ['sendMessage', 'sendPhoto', 'sendDocument', 'editMessageText'].includes(c.method) && String(c.payload.chat_id) === String(chatId))
      .map((c) => ({
        method: c.method,
        text: String(c.payload.text ?? c.payload.caption ?? ''),
        payload: c.payload,
        messageId: (c.result as { message_id?: number } | undefined)?.message_id ?? 0,
      }));
  }

  lastTo(chatId: number | bigint | string) {
    const all = this.sentTo(chatId);
    return all[all.length - 1];
  }

  /** The grammY client option that routes all API calls here. */
  get client(): ApiClientOptions {
    return { fetch: this.fetch as unknown as ApiClientOptions['fetch'] };
  }

  readonly fetch = async (input: string | URL, init?: { body?: unknown; headers?: unknown }): Promise<Response> => {
    const url = String(input);
    const method = url.slice(url.lastIndexOf('/') + 1);
    const payload = await parseBody(init?.body, headerOf(init?.headers, 'content-type'));
    for (const r of this.responders) {
      const answer = r(method, payload);
      if (answer) {
        this.calls.push({ method, payload, result: answer.ok ? answer.result : answer });
        return json(answer);
      }
    }
    const result = this.defaultResult(method, payload);
    this.calls.push({ method, payload, result });
    return json({ ok: true, result });
  };

  private defaultResult(method: string, payload: Record<string, any>): unknown {
    const chat = { id: Number(payload.chat_id ?? 0), type: 'private' as const, first_name: 'user' };
    switch (method) {
      case 'getMe':
        return this.botInfo;
      case 'sendMessage':
      case 'sendPhoto':
      case 'sendDocument':
        return {
          message_id: this.nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat,
          from: this.botInfo,
          ...(payload.text ? { text: payload.text } : {}),
          ...(payload.caption ? { caption: payload.caption } : {}),
          ...(method === 'sendPhoto' ? { photo: [{ file_id: `photo${this.nextMessageId}`, file_unique_id: 'u', width: 256, height: 256 }] } : {}),
        };
      case 'editMessageText':
      case 'editMessageReplyMarkup':
        return { message_id: Number(payload.message_id), date: Math.floor(Date.now() / 1000), chat, text: payload.text ?? '' };
      default:
        return true;
    }
  }
}

/** An uploaded file as the fake received it (multipart part with a filename). */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

async function parseBody(body: unknown, contentType: string | undefined): Promise<Record<string, any>> {
  if (body == null) return {};
  if (typeof body === 'string') return JSON.parse(body);
  // grammY sends multipart (a stream) when a file is uploaded. Parse it as bytes so binary files (PNG QR
  // codes, CSV exports) arrive intact: text fields become payload fields, files go to payload._files by
  // part name (the payload field itself reads "attach://<part name>").
  const buf = Buffer.from(await new Response(body as BodyInit).arrayBuffer());
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType ?? '')?.[2] ?? buf.toString('latin1', 2, buf.indexOf('\r\n'));
  const out: Record<string, any> = { _multipart: true, _files: {} as Record<string, UploadedFile> };
  const delimiter = Buffer.from(`--${boundary}`);
  let at = buf.indexOf(delimiter);
  while (at !== -1) {
    const next = buf.indexOf(delimiter, at + delimiter.length);
    if (next === -1) break;
    const part = buf.subarray(at + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const head = part.subarray(0, split).toString('utf8');
      const data = part.subarray(split + 4);
      const name = /name="([^"]+)"/.exec(head)?.[1];
      const filename = /filename=(?:"([^"]*)"|([^;\r\n]*))/.exec(head)?.slice(1).find((v) => v !== undefined);
      if (name && filename !== undefined) out._files[name] = { filename, data: Buffer.from(data) };
      else if (name) {
        const value = data.toString('utf8');
        out[name] = /^[[{]/.test(value) ? safeJson(value) : value;
      }
    }
    at = next;
  }
  return out;
}

function safeJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

function json(data: unknown): Response {
  return new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
}

function headerOf(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers as Record<string, string>).find(([k]) => k.toLowerCase() === name);
  return entry?.[1];
}
