import type { UserFromGetMe } from 'grammy/types';

/** The benches' bot: a token of the right shape (never sent anywhere) and the answer getMe would give. */
export const BENCH_TOKEN = '123456:BENCH-TOKEN-BENCH-TOKEN-BENCH-TOKEN';
export const BENCH_BOT_INFO = {
  id: 7000000001,
  is_bot: true as const,
  first_name: 'Kanji Sahayak',
  username: 'KanjiBenchBot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
} satisfies UserFromGetMe;

/**
 * A Bot API that answers every call at once with a sent message (the benches measure the bot, not Telegram);
 * `onCall` counts the calls where a bench reports them.
 */
export function answeringFetch(onCall: () => void = () => {}): () => Promise<Response> {
  return async () => {
    onCall();
    return new Response(
      JSON.stringify({ ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: '' } }),
      { headers: { 'content-type': 'application/json' } },
    );
  };
}
