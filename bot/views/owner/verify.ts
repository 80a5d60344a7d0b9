import type { VerifiedReceipt } from '../../../src/services/verify';
import type { BotContext } from '../../context';
import { headLabel } from './claim-heads';

/**
 * /verify: a genuine receipt's public facts (number, case, amount, date, what it was for). A receipt for one owner's
 * heads of a register entry names those heads, as the owner's receipt and his release message do, and
 * says it covers only them — so it cannot pass for the receipt of the entry's other cattle (s. 13 / s. 15).
 */
export function verifiedReceiptText(ctx: Pick<BotContext, 't'>, r: VerifiedReceipt): string {
  const lines = [
    ctx.t('owner:verify.ok', {
      receipt: r.number,
      number: r.caseNumber,
      amount: r.amountPaise,
      at: r.issuedAt.toISOString(),
      kind: ctx.t(`owner:verify.kind_${r.kind}`, r.headCount ? { count: r.headCount } : {}),
    }),
  ];
  if (r.heads?.length)
    lines.push(
      ctx.t('owner:verify.part_heads', {
        count: r.heads.length,
        list: r.heads.map((h) => headLabel(ctx, h)).join('; '),
      }),
    );
  return lines.join('\n');
}
