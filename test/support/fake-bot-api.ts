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

  readonly fetch = async (input: string | URL, init?: { body?: unknown }): Promise<Response> => {
    const url = String(input);
    const method = url.slice(url.lastIndexOf('/') + 1);
    const payload = await parseBody(init?.body);
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

async function parseBody(body: unknown): Promise<Record<string, any>> {
  if (body == null) return {};
  if (typeof body === 'string') return JSON.parse(body);
  // grammY sends multipart (a stream) when a file is uploaded; read it and keep the text fields.
  const text = await new Response(body as BodyInit).text();
  const out: Record<string, any> = { _multipart: true };
  for (const m of text.matchAll(/name="([^"]+)"(?:; filename="[^"]*")?\r\n(?:Content-Type: [^\r]+\r\n)?\r\n([\s\S]*?)\r\n--/g)) {
    const [, name, value] = m;
    if (!name) continue;
    out[name] = value && /^[[{]/.test(value) ? safeJson(value) : value;
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
