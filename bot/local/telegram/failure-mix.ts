import { apiError } from './limits';
import { DROPPED, type ApiAnswer, type FailureMix } from './types';

/**
 * One simulated failure of the Bot API while the stand-in is `failing` (the chaos script, the jobs' retry
 * tests): a 5xx, a call held and then dropped (a timeout), or a 429 with a random `retry_after`, in the
 * proportions of `mix`. Counts what it chose in `counts`, so a test can see each kind was met.
 */
export async function simulatedFailure(
  mix: FailureMix,
  counts: { serverError: number; timeout: number; tooMany: number },
): Promise<ApiAnswer | typeof DROPPED> {
  const r = Math.random();
  if (r < mix.serverError) {
    counts.serverError++;
    const code = [500, 502, 503][Math.floor(Math.random() * 3)]!;
    return apiError(code, 'Internal Server Error');
  }
  if (r < mix.serverError + mix.timeout) {
    counts.timeout++;
    await new Promise((resolve) => setTimeout(resolve, mix.timeoutHoldMs));
    return DROPPED;
  }
  counts.tooMany++;
  const retryAfter = 1 + Math.floor(Math.random() * mix.maxRetryAfter);
  return apiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
}
