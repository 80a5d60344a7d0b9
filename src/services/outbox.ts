import type { Prisma } from '../db';
import type { DocumentRef } from './document-ref';
import type { HeadWords } from './head-label';

/** What a button in a message to someone else does when tapped (the bot's handlers act on it). */
export type ButtonAction =
  /** The keeper confirms the owner's declared payment or deposit (ss. 13, 15). */
  | { kind: 'confirm_payment'; paymentId: number }
  /** The keeper says the money did not come. */
  | { kind: 'reject_payment'; paymentId: number }
  /** The owner acknowledges receiving the released cattle (the receipt in the register, s. 13). */
  | { kind: 'acknowledge_release'; releaseId: number };

/**
 * A message for someone other than the person we are replying to (a keeper's payment card, an owner's
 * receipt, an officer's s. 14 report, a subscriber's alert). It is stored as i18n keys and parameters
 * and rendered in the recipient's language when sent, by the jobs/ sender.
 */
export interface OutgoingMessage {
  /** Telegram chat id (a user id for private chats), as a decimal string (bigint-safe in JSON). */
  chatId: string;
  /** i18n key, e.g. "staff:payment_card.text"; params are interpolated (amounts in paise, dates ISO). */
  key: string;
  params?: Record<string, string | number | boolean | null>;
  /**
   * Inline keyboard rows: each button has an i18n text key and what tapping it means (`action`), or a URL. The
   * jobs sender turns an action into signed callback data (src/callback-data.ts `encodeButtonAction`): services
   * never sign buttons. `data` is already-encoded callback data, kept only for rows queued before actions existed.
   */
  buttons?: Array<
    Array<{ key: string; params?: Record<string, string | number>; action?: ButtonAction; data?: string; url?: string }>
  >;
  /**
   * Heads of the register the text names as {{heads}} (a receipt for one owner's heads): class codes
   * and descriptions, put into words in the reader's language when sent ("Cow, black, white star; …").
   */
  heads?: HeadWords[];
  /** A QR code to send as a photo with the text as caption. */
  qr?: string;
  /**
   * A kept photo (Photo row id) to send with the text as its caption: an owner's "this is mine" on the keeper's
   * payment card. Sent by its file_id, or its stored bytes when the bot has none.
   */
  photoId?: number;
  /**
   * A printable document (src/documents) to send as a PDF with the text as its caption. It is typeset when
   * sent, from the database as it then is, in Hindi and English (both languages on every document).
   */
  document?: DocumentRef;
  /**
   * What its delivery records: a payment card's message id (keepers reply to it); the s. 14 report reached
   * an officer (the case becomes reported, src/services/notice/report.ts — every part of the officer's bundle carries
   * it, so the case is reported when the first part reaches him).
   */
  track?: { kind: 'payment_card'; paymentId: number } | { kind: 's14_report'; caseId: number };
  /**
   * The outbox key of the message to the same chat that must reach it first (the parts of one bundle: a s. 14
   * report, its notice, its proclamation, their PDFs). The sender holds this one back until that one is sent
   * (or can never be: unreachable, failed), so the parts arrive strictly in order whatever the per-chat pacing did.
   */
  after?: string;
  /**
   * A card to staff about one register entry (its Case id): the sender adds "Open in the desk", a web_app button to
   * the entry's page in the staff desk, when the desk is offered (an https PUBLIC_URL), the chat is a private one
   * (Telegram allows web_app buttons there only) and the recipient is enrolled staff. Never set on owners' messages.
   */
  deskEntry?: number;
  /** Officials' deadlines go ahead of bulk broadcasts. */
  priority?: 'official' | 'personal' | 'bulk';
}

export type OutboxJob =
  | { name: 'send'; payload: OutgoingMessage }
  | { name: 'deadline'; payload: { caseId: number; step: string } }
  | { name: 'broadcast'; payload: { kind: string; caseId: number } }
  | { name: 'sms'; payload: SmsJobPayload }
  /** Fetch a photo's bytes from Telegram once (src/services/photos.ts): the row's id only. */
  | { name: 'photo'; payload: { photoId: number } };

/**
 * An SMS owed to one owner's mobile (src/services/sms): ids only — the number stays encrypted in OwnerMobile and
 * is read and decrypted when the SMS is sent; the words are built then from the database. `ref` names the
 * event's row (the auction, the receipt) where the event has one.
 */
export interface SmsJobPayload {
  mobileId: number;
  caseId: number;
  event: string;
  ref?: number | null;
}

/** Transaction or client: outbox rows are written in the same transaction as the change that implies them. */
export type Tx = Prisma.TransactionClient;

/**
 * Records future work in the outbox. `jobKey` is deterministic (e.g. "case:17:s14-report"), so writing the
 * same work twice keeps one row, and the dispatcher uses it as the BullMQ job id, so enqueueing twice adds one job.
 */
export async function addToOutbox(tx: Tx, job: OutboxJob, jobKey: string, runAt: Date): Promise<void> {
  await tx.outboxEntry.createMany({
    data: [{ jobName: job.name, jobKey, payload: job.payload as unknown as Prisma.InputJsonValue, runAt }],
    skipDuplicates: true,
  });
}

/** One row of future work, for writing several in one statement (`addAllToOutbox`). */
export interface OutboxItem {
  job: OutboxJob;
  jobKey: string;
  runAt: Date;
}

/**
 * Records several pieces of future work in one statement (a keeper's confirmation queues the owner's receipt, its
 * PDF, the keeper's printouts and the deadline replan at once). Each row is deduplicated by its key, as `addToOutbox`.
 */
export async function addAllToOutbox(tx: Tx, items: readonly OutboxItem[]): Promise<void> {
  if (items.length === 0) return;
  await tx.outboxEntry.createMany({
    data: items.map((i) => ({
      jobName: i.job.name,
      jobKey: i.jobKey,
      payload: i.job.payload as unknown as Prisma.InputJsonValue,
      runAt: i.runAt,
    })),
    skipDuplicates: true,
  });
}

/** A message to send at `runAt`, as an outbox item (see `addAllToOutbox`). */
export function messageItem(message: OutgoingMessage, jobKey: string, runAt: Date): OutboxItem {
  return { job: { name: 'send', payload: message }, jobKey, runAt };
}

/** Convenience: a message to send now (or at runAt), deduplicated by key. */
export function queueMessage(tx: Tx, message: OutgoingMessage, jobKey: string, runAt: Date): Promise<void> {
  return addToOutbox(tx, { name: 'send', payload: message }, jobKey, runAt);
}
