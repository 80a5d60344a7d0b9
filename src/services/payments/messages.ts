import { messageItem, queueMessage, type OutboxItem, type OutgoingMessage, type Tx } from '../outbox';
import { itemTotals, verificationLink, type ReceiptItem } from '../receipts';
import type { HeadWords } from '../head-label';

/**
 * What a confirmed payment sends (s. 13, s. 15): the owner's receipt message and the keeper's printouts, as outbox
 * items recorded in the confirmation's transaction and typeset by the jobs that send them.
 */

/** A receipt as a PDF to `chatId` under `jobKey`, typeset by the job that sends it (the owner's lane: personal). */
export function receiptPdf(
  chatId: string,
  receipt: { id: number; number: string },
  jobKey: string,
  now: Date,
): OutboxItem {
  return messageItem(
    {
      chatId,
      key: 'documents:caption.receipt',
      params: { number: receipt.number },
      document: { kind: 'receipt', receiptId: receipt.id },
      priority: 'personal',
    },
    jobKey,
    now,
  );
}

/**
 * The keeper's printouts of a confirmation, sent to the chat he confirmed in: the receipt and then the release slip the
 * owner signs when taking the cattle (s. 13), each typeset by the job that sends it. In the owner's lane (personal):
 * the owner's receipt is not kept waiting behind the keeper's copies; the slip waits for the keeper's receipt (`after`).
 */
export function keeperPrintouts(
  paymentId: number,
  chatId: string,
  receipt: { id: number; number: string },
  c: { id: number; number: string },
  now: Date,
): OutboxItem[] {
  const keeperReceiptKey = `payment:${paymentId}:keeper:receipt:pdf`;
  return [
    receiptPdf(chatId, receipt, keeperReceiptKey, now),
    messageItem(
      {
        chatId,
        key: 'documents:caption.release',
        params: { number: c.number },
        document: { kind: 'release', caseId: c.id },
        priority: 'personal',
        // After the receipt: the keeper files the two in this order (the sender holds this one back until then).
        after: keeperReceiptKey,
      },
      `payment:${paymentId}:keeper:release:pdf`,
      now,
    ),
  ];
}

/** What the owner's receipt message is made from. */
interface ReceiptMessageInput {
  chatId: bigint;
  kind: 'S13_PAYMENT' | 'S15_DEPOSIT';
  receipt: { number: string; verificationCode: string; amountPaise: number; items: ReceiptItem[] };
  caseNumber: string;
  now: Date;
  botUsername: string;
  /** The heads a part payment covers, in register order; absent for the case's own payment. */
  heads?: readonly HeadWords[];
  /** s. 15: the last day of the s. 20 window (India date), named on the receipt. */
  lastDay?: string;
}

/**
 * The owner's receipt (kind, total, breakdown by section, verification code, link and QR), worded in the owner's
 * language when sent. A receipt for one owner's heads of a register entry (a part payment) names those heads and says
 * it covers only them.
 */
export function receiptMessage(input: ReceiptMessageInput): OutgoingMessage {
  const totals = itemTotals(input.receipt.items);
  const term = input.receipt.items.find((i) => i.kind === 'fine')?.term ?? 'fine';
  const link = verificationLink(input.botUsername, input.receipt.verificationCode);
  const itemised = totals.finePaise + totals.feedingPaise + totals.securityPaise === input.receipt.amountPaise;
  return {
    chatId: String(input.chatId),
    key: `receipt:owner.${input.kind === 'S13_PAYMENT' ? 's13' : 's15'}${input.heads ? '_part' : ''}`,
    params: {
      number: input.receipt.number,
      caseNumber: input.caseNumber,
      amount: input.receipt.amountPaise,
      fine: totals.finePaise,
      feeding: totals.feedingPaise,
      security: totals.securityPaise,
      term: term === 'penalty' ? 'Penalty' : 'Fine',
      at: input.now.toISOString(),
      code: input.receipt.verificationCode,
      link,
      ...(itemised ? (totals.securityPaise > 0 ? { context: 'security' } : { context: 'itemised' }) : {}),
      ...(input.heads ? { headCount: input.heads.length } : {}),
      ...(input.lastDay ? { lastDay: input.lastDay } : {}),
    },
    ...(input.heads
      ? { heads: input.heads.map((h) => ({ cattleClass: h.cattleClass, description: h.description })) }
      : {}),
    qr: link,
    priority: 'personal',
  };
}

/** Queues the owner's receipt message (`receiptMessage`) under `jobKey`. */
export async function queueReceiptMessage(tx: Tx, input: ReceiptMessageInput & { jobKey: string }): Promise<void> {
  await queueMessage(tx, receiptMessage(input), input.jobKey, input.now);
}
