import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logging';
import { countStatement, runInScope } from '../../../src/observability/scope';

describe('log scope', () => {
  const capture = () => {
    const lines: Array<Record<string, unknown>> = [];
    return { lines, logger: createLogger('info', { write: (l: string) => void lines.push(JSON.parse(l)) }) };
  };

  it('puts the job id on every line logged while a job runs, through awaits, and not outside it', async () => {
    const { lines, logger } = capture();
    await runInScope({ queue: 'send', job_id: 'k.case%3A1' }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      logger.child({ part: 'jobs.send' }).warn('send failed');
    });
    logger.info('outside');
    expect(lines[0]).toMatchObject({ queue: 'send', job_id: 'k.case%3A1', part: 'jobs.send' });
    expect(lines[1]).not.toHaveProperty('job_id');
  });

  it('an update inside an HTTP request keeps the request id; statements count per scope', async () => {
    const { lines, logger } = capture();
    let inner = 0;
    await runInScope({ req_id: 'r-1' }, async () => {
      await runInScope({ update_id: 7, chat_id: 5, user_id: 5, skipped: undefined }, async (scope) => {
        countStatement();
        countStatement();
        logger.info('update handled');
        inner = scope.statements;
      });
    });
    expect(lines[0]).toMatchObject({ req_id: 'r-1', update_id: 7, chat_id: 5, user_id: 5 });
    expect(lines[0]).not.toHaveProperty('skipped');
    expect(inner).toBe(2);
  });

  it("a line's own fields stay on that line; a logger that binds req_id (fastify's req.log) writes it once", async () => {
    const raw: string[] = [];
    const logger = createLogger('info', { write: (l: string) => void raw.push(l) });
    await runInScope({ req_id: 'r-2', update_id: 8 }, async () => {
      logger.info({ outcome: 'ok', statements: 3 }, 'update handled');
      logger.child({ part: 'http' }).child({ req_id: 'r-2' }).info({ status: 200 }, 'http request');
      logger.info('after');
    });
    const lines = raw.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ req_id: 'r-2', update_id: 8, outcome: 'ok', statements: 3 });
    expect(lines[1]).toMatchObject({ req_id: 'r-2', update_id: 8, part: 'http', status: 200 });
    expect(lines[1]).not.toHaveProperty('outcome');
    expect(lines[2]).not.toHaveProperty('status');
    for (const l of raw) expect([l, l.split('"req_id":').length - 1]).toEqual([l, 1]);
  });
});
