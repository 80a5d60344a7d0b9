import type { Redis } from 'ioredis';

// The deployment's actual sending rate, counted in Redis so that every sender process adds to one figure:
// one counter per second of Redis time (TIME, so machines' clocks do not matter), kept two minutes.
const RECORD = `
local t = redis.call('TIME')
local k = KEYS[1] .. ':' .. t[1]
redis.call('INCR', k)
redis.call('EXPIRE', k, 120)
return 1
`;

const READ = `
local t = redis.call('TIME')
local now = tonumber(t[1])
local n = 0
for i = 1, tonumber(ARGV[1]) do
  n = n + tonumber(redis.call('GET', KEYS[1] .. ':' .. (now - i)) or '0')
end
return n
`;

/** Seconds averaged by sendRate(): complete seconds only (the current one is still filling). */
export const SEND_RATE_WINDOW_S = 10;

/** Counts one message sent by any process of the deployment. */
export async function recordSent(redis: Redis, prefix: string): Promise<void> {
  await redis.eval(RECORD, 1, `${prefix}:tg:sent`);
}

/** Messages per second sent by the whole deployment over the last `windowS` complete seconds. */
export async function sendRate(redis: Redis, prefix: string, windowS = SEND_RATE_WINDOW_S): Promise<number> {
  const n = Number(await redis.eval(READ, 1, `${prefix}:tg:sent`, String(windowS)));
  return n / windowS;
}
