import { describe, expect, it } from 'vitest';
import { deadlineJob, jobIdFor, KEEP, RETRY } from '../../../jobs/queues';

describe('deadlineJob: the one builder of a deadline step’s job', () => {
  const step = {
    key: 'case:17:payment-nudge:5:2026-11-29T07:30:00.000Z',
    caseId: 17,
    step: 'payment-nudge',
    runAt: new Date('2026-11-29T07:30:00.000Z'),
    ref: 5,
  };

  it('names the job by its step, keeps ids only in its data, and takes its id from the step key', () => {
    const job = deadlineJob(step, step.runAt.getTime() - 60_000);
    expect(job.name).toBe('payment-nudge');
    expect(job.data).toEqual({
      key: step.key,
      caseId: 17,
      step: 'payment-nudge',
      runAt: step.runAt.toISOString(),
      ref: 5,
    });
    expect(job.opts).toEqual({ jobId: jobIdFor(step.key), delay: 60_000, ...KEEP, ...RETRY });
  });

  it('runs a step already due at once, and leaves out a reference it does not have', () => {
    const job = deadlineJob({ ...step, ref: undefined }, step.runAt.getTime() + 5_000);
    expect(job.opts.delay).toBe(0);
    expect('ref' in job.data).toBe(false);
  });
});
