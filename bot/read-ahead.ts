import type { Prisma } from '../src/db';
import { caseCardSql } from '../src/services/case-card';
import { parseCaseNumber } from '../src/services/cases';
import { myCasesSql } from '../src/services/subscriptions';
import type { BotContext } from './context';
import { ownerCb } from './keyboards/owner';
import { commandOf } from './middleware/leave-flow';

/**
 * The read an update's handler will most likely make first, sent in the same round trip as the update's claim
 * (bot/middleware/dedupe-updates.ts), so the commonest owner and keeper screens cost one round trip to the database
 * instead of two:
 * - a typed case number, or `/case <number>` → the case card (bot/features/case.ts);
 * - the "open case" button → the card; the dues button → the dues screen's read (bot/features/dues.ts);
 * - `/mycases` → the user's cases (bot/features/follow.ts).
 *
 * It is only a guess from the update's text or button, made before the session (which may hold the chat in a flow)
 * and the user are loaded. The handler does not use it directly: its own read, sent through `queryRows`, is answered
 * with these rows only when it is exactly this statement and nothing of the update ran before it
 * (src/db/read-ahead.ts). A wrong guess costs one read in a round trip that was made anyway.
 */
export function readAheadOf(ctx: BotContext): Prisma.Sql | undefined {
  try {
    return guess(ctx);
  } catch {
    // Only a guess: whatever it could not make sense of, the handler will (and answers it in the user's language).
    return undefined;
  }
}

function guess(ctx: BotContext): Prisma.Sql | undefined {
  const viewer = ctx.from ? BigInt(ctx.from.id) : null;
  if (viewer === null) return undefined;
  const data = ctx.callbackQuery?.data;
  if (data !== undefined) {
    const dues = ownerCb.dues.decode(ctx, data);
    if (dues) return dues.caseId > 0 ? caseCardSql({ id: dues.caseId }, viewer, true) : undefined;
    const open = ownerCb.openCase.decode(ctx, data);
    return open && open.caseId > 0 ? caseCardSql({ id: open.caseId }, viewer, false) : undefined;
  }
  const text = ctx.message?.text;
  if (text === undefined || ctx.chat?.type !== 'private') return undefined;
  const command = commandOf(text);
  if (command === 'mycases') return myCasesSql(viewer);
  const typed = command === undefined ? text.trim().slice(0, 200) : command === 'case' ? argumentOf(text) : '';
  const number = typed ? parseCaseNumber(typed) : null;
  return number ? caseCardSql({ number }, viewer, false) : undefined;
}

/** The text after a "/command@bot" (what grammY's `ctx.match` holds for a command), trimmed. */
function argumentOf(text: string): string {
  return text.trimStart().replace(/^\S+/, '').trim();
}
