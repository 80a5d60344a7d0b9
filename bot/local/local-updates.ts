import type { Message, Update } from 'grammy/types';
import { personaUser } from './local-screen';
import type { Persona } from './personas';

/**
 * The Telegram updates a persona's typed line becomes — what a real client would send for a text, a photo
 * or a tap. Pure: the message id, the time and the upload come from the caller (the Bot API stand-in and the
 * demo clock), so local-chat.ts keeps the state and this file keeps the wire shape. `update_id` is set when
 * the update is fed.
 */

/** A new message of the persona in its own chat. */
export function personaMessage(persona: Persona, messageId: number, now: Date, languageCode: string) {
  return {
    message_id: messageId,
    date: Math.floor(now.getTime() / 1000),
    chat: { id: persona.userId, type: 'private' as const, first_name: persona.firstName },
    from: personaUser(persona, languageCode),
  };
}

type MessageBase = ReturnType<typeof personaMessage>;

/** A typed text; a leading "/word" is marked as a command, as Telegram clients do. */
export function textUpdate(base: MessageBase, text: string, extra: Partial<Message> = {}): Update {
  const command = /^\/\w+/.exec(text)?.[0];
  return {
    update_id: 0,
    message: {
      ...base,
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
      ...extra,
    },
  } as Update;
}

/** A photo already registered with the stand-in (its file ids), with an optional caption. */
export function photoUpdate(
  base: MessageBase,
  upload: { fileId: string; fileUniqueId: string; size: number },
  caption: string | undefined,
): Update {
  return {
    update_id: 0,
    message: {
      ...base,
      photo: [
        {
          file_id: upload.fileId,
          file_unique_id: upload.fileUniqueId,
          width: 1280,
          height: 960,
          file_size: upload.size,
        },
      ],
      ...(caption ? { caption } : {}),
    },
  } as Update;
}

/** A tap on an inline button of `message` (the message as Telegram shows it to the bot). */
export function tapUpdate(id: string, persona: Persona, languageCode: string, data: string, message: unknown): Update {
  return {
    update_id: 0,
    callback_query: {
      id,
      from: personaUser(persona, languageCode),
      chat_instance: `local-${persona.userId}`,
      data,
      message,
    },
  } as Update;
}
