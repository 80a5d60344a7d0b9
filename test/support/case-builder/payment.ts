import type { Config } from '../../../src/config';
import type { Db } from '../../../src/db';
import { recordClaim } from '../../../src/services/claims';
import { setClaimHeads } from '../../../src/services/part-claim';
import { confirmPayment } from '../../../src/services/payment-confirmation';
import { declarePayment } from '../../../src/services/payments';
import type { StaffActor } from '../../../src/services/staff-actor';

/** One owner's payment or deposit through the owner's and the keeper's services. */
export interface PaymentStep {
  owner: { id: bigint | number; name?: string };
  /** Declared and confirmed at this instant. */
  at: Date;
  config: Pick<Config, 'BOT_TOKEN' | 'WEBHOOK_SECRET'>;
  method?: 'CASH' | 'UPI';
  /** Register indexes (1-based) of the owner's heads — a part claim; absent: every head in the pound. */
  heads?: number[];
  /** Declared only (PENDING), not confirmed by the keeper. */
  declaredOnly?: boolean;
}

/**
 * The owner claims (s. 13) or deposits under protest (s. 15) through the owner's services, declares the dues, and
 * `keeper` confirms them (the receipt is issued) unless `declaredOnly`. The payment id.
 */
export async function payOrDeposit(
  db: Db,
  c: { id: number; headIds: number[] },
  keeper: StaffActor,
  kind: 'S13_CLAIM' | 'S15_PROTEST',
  p: PaymentStep,
): Promise<number> {
  const owner = BigInt(p.owner.id);
  const name = p.owner.name ?? `Owner ${owner}`;
  await db.telegramUser.upsert({ where: { id: owner }, create: { id: owner, firstName: name }, update: {} });
  const claim = await recordClaim(db, {
    caseId: c.id,
    kind,
    telegramUserId: owner,
    claimantName: name,
    isAgent: false,
    ownerName: name,
    intendsComplaint: kind === 'S15_PROTEST',
  });
  if (p.heads)
    await setClaimHeads(
      db,
      claim.id,
      p.heads.map((i) => c.headIds[i - 1]!),
    );
  const d = await declarePayment(
    { db, config: p.config },
    {},
    {
      claimId: claim.id,
      telegramUserId: owner,
      method: p.method ?? 'CASH',
      amountPaise: null,
      upiRef: p.method === 'UPI' ? '412345678901' : null,
      now: p.at,
    },
  );
  if (d.kind !== 'declared') fail(`payment not declared: ${d.kind}`);
  if (p.declaredOnly) return d.paymentId;
  const r = await confirmPayment(db, { paymentId: d.paymentId, actor: keeper, now: p.at, botUsername: 'bot' });
  if (r.status !== 'confirmed') fail(`payment not confirmed: ${r.status}`);
  return d.paymentId;
}

function fail(why: string): never {
  throw new Error(`caseFixture: ${why}`);
}
