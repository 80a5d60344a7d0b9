import { addToOutbox, type Tx } from './outbox';

/**
 * Call in the same transaction as any change to a case that moves its statutory clock (registered,
 * claimed, paid, deposited, reported, notice posted, auction scheduled, sold, surplus held...).
 * It records a "replan" in the outbox; the jobs/ worker then reads the case from the database and
 * (re)schedules that case's deadline jobs from the statute engine's timeline. The database stays the
 * source of truth: a replan that runs late or twice computes the same jobs with the same ids.
 */
export async function planDeadlines(tx: Tx, caseId: number, now: Date): Promise<void> {
  await addToOutbox(tx, { name: 'deadline', payload: { caseId, step: 'replan' } }, `case:${caseId}:replan:${now.getTime()}`, now);
}
