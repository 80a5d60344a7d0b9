import { renderMessage, splitForTelegram } from '../../jobs/deliver';
import type { CoreDeps } from '../../src/deps';
import { loadCaseForDeadlines, planSteps } from '../../src/services/deadlines';
import type { OutgoingMessage } from '../../src/services/outbox';
import { broadcastMessages } from '../../src/services/reminders';
import type { ChaosAccepted } from './chaos-bot-api';

/** One message part the database says is owed to a chat. */
export interface Owed {
  messageKey: string;
  chatId: string;
  /** The text Telegram must show (one part of a split message). */
  text: string;
  /** The Delivery row's status, or 'none' when no row exists yet. */
  status: string;
}

/** The identity of a message in a chat: the chat and the exact text (each owed message has its own text). */
export const partKey = (chatId: string, text: string) => `${chatId}\u0000${text}`;

/**
 * What is owed, read from the database: every outbox 'send' row (to its chat) and every recipient of every
 * broadcast row — its Delivery rows, and the recipients the fan-out would find if it has not run —
 * rendered as the sender renders them (recipient's language; split past 4096 characters).
 */
export async function owedMessages(deps: CoreDeps): Promise<Owed[]> {
  const rows = await deps.db.outboxEntry.findMany({ where: { jobName: { in: ['send', 'broadcast'] } } });
  const deliveries = await deps.db.delivery.findMany({
    select: { messageKey: true, telegramUserId: true, status: true },
  });
  const status = new Map(deliveries.map((d) => [`${d.messageKey}\u0000${d.telegramUserId}`, d.status as string]));
  const out: Owed[] = [];
  const add = async (messageKey: string, message: OutgoingMessage) => {
    const { text } = await renderMessage(deps, message);
    for (const part of splitForTelegram(text))
      out.push({
        messageKey,
        chatId: message.chatId,
        text: part,
        status: status.get(`${messageKey}\u0000${message.chatId}`) ?? 'none',
      });
  };
  for (const row of rows) {
    if (row.jobName === 'send') {
      await add(row.jobKey, row.payload as unknown as OutgoingMessage);
      continue;
    }
    const p = row.payload as unknown as { kind: string; caseId: number; message?: Omit<OutgoingMessage, 'chatId'> };
    // The words fixed at fan-out are stored on the broadcast's row (jobs/send-job.ts); recompute only if it never ran.
    const b = await broadcastMessages(
      { db: deps.db, config: deps.config, translator: deps.translator },
      p.kind,
      p.caseId,
      deps.clock.now(),
    );
    if (!b) continue;
    const message = p.message ?? b.message;
    const chats = new Set([
      ...b.recipients,
      ...deliveries.filter((d) => d.messageKey === row.jobKey).map((d) => String(d.telegramUserId)),
    ]);
    for (const chatId of chats) await add(row.jobKey, { ...message, chatId });
  }
  return out;
}

/** Deadline steps of open cases that were due by now and have no DeadlineRun. */
export async function missedDeadlines(deps: CoreDeps): Promise<string[]> {
  const open = await deps.db.case.findMany({ where: { status: { notIn: ['CLOSED'] } }, select: { id: true } });
  const now = deps.clock.now().getTime();
  const due: string[] = [];
  for (const { id } of open) {
    const c = await loadCaseForDeadlines(deps.db, id);
    if (c) for (const s of planSteps(c, deps.config)) if (s.runAt.getTime() <= now - 5_000) due.push(s.key);
  }
  const ran = new Set(
    (await deps.db.deadlineRun.findMany({ where: { key: { in: due } }, select: { key: true } })).map((r) => r.key),
  );
  return due.filter((k) => !ran.has(k));
}

/** A kill -9: when, and which (messageKey, chat) were PENDING in the database just after it. */
export interface KillSnapshot {
  at: number;
  pending: Set<string>;
}

/** Per-chat and overall tally of owed against received. */
export interface Tally {
  owed: number;
  received: number;
  lost: Owed[];
  /** Extra copies of owed messages, split by whether an in-flight send at a kill -9 explains them. */
  doubledExplained: Array<Owed & { copies: number }>;
  doubledUnexplained: Array<Owed & { copies: number }>;
  /** Accepted messages matching nothing owed. */
  unexpected: number;
  perChat: Map<string, { owed: number; received: number; lost: number; doubled: number }>;
}

/**
 * Compares what is owed with what the fake received. A duplicate is explained by a kill -9 when its first
 * copy reached the fake before the kill and its Delivery row was still PENDING right after it (the process
 * died between Telegram's answer and the SENT write — the window no Bot API client can close).
 */
export function tally(owed: Owed[], accepted: ChaosAccepted[], kills: KillSnapshot[]): Tally {
  const copies = new Map<string, number[]>();
  for (const m of accepted) {
    const k = partKey(m.chatId, m.text);
    copies.set(k, [...(copies.get(k) ?? []), m.at]);
  }
  const t: Tally = {
    owed: owed.length,
    received: 0,
    lost: [],
    doubledExplained: [],
    doubledUnexplained: [],
    unexpected: 0,
    perChat: new Map(),
  };
  const seen = new Set<string>();
  for (const o of owed) {
    const k = partKey(o.chatId, o.text);
    const at = copies.get(k) ?? [];
    const chat = t.perChat.get(o.chatId) ?? { owed: 0, received: 0, lost: 0, doubled: 0 };
    t.perChat.set(o.chatId, chat);
    chat.owed++;
    if (seen.has(k)) continue; // two owed rows with the same text to one chat: counted once (none in this script)
    seen.add(k);
    chat.received += at.length;
    t.received += at.length;
    if (at.length === 0) {
      chat.lost++;
      t.lost.push(o);
    } else if (at.length > 1) {
      chat.doubled += at.length - 1;
      const explained = kills.some((kill) => at[0]! < kill.at && kill.pending.has(`${o.messageKey}\u0000${o.chatId}`));
      (explained ? t.doubledExplained : t.doubledUnexplained).push({ ...o, copies: at.length });
    }
  }
  for (const k of copies.keys()) if (!seen.has(k)) t.unexpected += copies.get(k)!.length;
  return t;
}
