import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSendJob } from '../../../jobs/send-job';
import type { CoreDeps } from '../../../src/deps';
import { createTestDatabase, type TestDatabase } from '../../support/db';

// A broadcast's message is read once and kept for its other recipients. Its key (`case:<id>:broadcast:…`) names a
// row of one database: two databases in one process (two test files sharing a worker, say) each get their own
// message for the same key, never the other's.
describe('send jobs: a broadcast message kept per database', () => {
  const dbs: TestDatabase[] = [];
  beforeAll(async () => {
    for (const words of ['first', 'second']) {
      const db = await createTestDatabase('pglite');
      await db.prisma.outboxEntry.create({
        data: {
          jobName: 'broadcast',
          jobKey: 'case:3:broadcast:new_case:message',
          payload: { message: { key: 'jobs:broadcast.new_case', params: { place: words } } },
          runAt: new Date('2026-11-29T04:30:00Z'),
        },
      });
      await db.prisma.delivery.create({
        data: { messageKey: 'case:3:broadcast:new_case:message', telegramUserId: 9501n },
      });
      dbs.push(db);
    }
  }, 60_000);
  afterAll(async () => {
    for (const db of dbs) await db.destroy();
  });

  it('each database’s recipients get that database’s message, read again after the other’s was kept', async () => {
    const places: unknown[] = [];
    for (const round of [0, 1])
      for (const db of dbs) {
        const deps = { db: db.prisma } as unknown as CoreDeps;
        const delivery = await db.prisma.delivery.findFirstOrThrow();
        const sent = await resolveSendJob(deps, { deliveryId: String(delivery.id) });
        expect(sent.message.chatId).toBe('9501');
        places.push(`${round}:${(sent.message.params as { place: string }).place}`);
      }
    expect(places).toEqual(['0:first', '0:second', '1:first', '1:second']);
  });
});
