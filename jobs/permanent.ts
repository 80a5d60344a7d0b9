import { SEND_PERMANENT_KINDS } from '../src/observability/metrics';

/**
 * Errors that retrying will not cure, by kind. The sender never retries them: the message's words go without what
 * failed (`document`, `attachment`: the Delivery row is SENT) or the message is given up (`bad_request`, `flood`,
 * `gone`: FAILED, or the job fails for good). Each is counted in kanji_send_permanent_errors_total{kind} and shown by
 * kind in /status (the Delivery row's lastError starts with the kind).
 *
 * - `document`: the PDF could not be typeset (the same layout fails the same way every time): words sent without it;
 * - `attachment`: Telegram refused the photo or PDF itself (400: a file_id of another bot, PHOTO_INVALID_DIMENSIONS,
 *   IMAGE_PROCESS_FAILED …): words sent without it;
 * - `bad_request`: Telegram refused the message itself (400);
 * - `flood`: one chat answered 429 again and again (CHAT_429_GIVE_UP);
 * - `gone`: the job's outbox row or Delivery row no longer exists.
 */
export const PERMANENT_KINDS = SEND_PERMANENT_KINDS;
export type PermanentKind = (typeof PERMANENT_KINDS)[number];

/** The kinds after which the words still reached the recipient (the Delivery row is SENT). */
export const SENT_WITHOUT: ReadonlySet<PermanentKind> = new Set(['document', 'attachment']);

/** The lastError of a Delivery row: the kind first, so /status can count by kind. At most 500 characters. */
export function permanentError(kind: PermanentKind, description: string): string {
  return `${kind}: ${description}`.slice(0, 500);
}

/** A Bot API refusal of the request itself (400), other than a chat that does not exist (unreachable). */
export function isBadRequest(err: unknown): boolean {
  const e = err as { error_code?: number; description?: string } | null;
  return e?.error_code === 400 && !/chat not found/i.test(e.description ?? '');
}
