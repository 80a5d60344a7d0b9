import type { Api } from 'grammy';
import { deliverMessage } from '../../jobs/deliver';
import type { CoreDeps } from '../../src/deps';
import type { OutgoingMessage } from '../../src/services/outbox';

/**
 * Delivers every due "send" row of the outbox at once, through the same deliverMessage the jobs/
 * sender uses, without Redis. For flow tests that need to see what other people were sent (a keeper's
 * payment card, an owner's receipt). Tests of the queues themselves use the real BullMQ workers.
 * Returns the rows delivered.
 */
export async function flushOutbox(deps: CoreDeps, api: Api): Promise<OutgoingMessage[]> {
  const due = await deps.db.outboxEntry.findMany({
    where: { dispatchedAt: null, jobName: 'send', runAt: { lte: deps.clock.now() } },
    orderBy: { id: 'asc' },
  });
  const sent: OutgoingMessage[] = [];
  for (const row of due) {
    const message = row.payload as unknown as OutgoingMessage;
    await deliverMessage(deps, api, message);
    await deps.db.outboxEntry.update({ where: { id: row.id }, data: { dispatchedAt: deps.clock.now() } });
    sent.push(message);
  }
  return sent;
}
