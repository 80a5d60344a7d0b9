// The Lua scripts of the shared Telegram budget (jobs/rate-limit.ts: TelegramRateLimiter runs them in Redis,
// atomically; times from Redis's own clock). Keys and arguments are listed by the limiter's calls.

/**
 * The intervals in force: the longest any live process of the deployment announced (KEYS[5], a sorted set of
 * `globalUs:chatUs:instance` scored by when the announcement lapses). Each process's intervals come from its
 * own configuration; if two processes were configured differently (one at 5/s, one at the default 30/s), each
 * would space only its own departures and the shared schedule would let the faster one fill the gaps: the
 * budget is kept by the slowest instead. ADMIT renews this process's announcement (ARGV[6], kept a minute).
 */
const SHARED_INTERVALS = `
local function intervals(key, now, gi, ci, me)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if me ~= nil and me ~= '' then
    redis.call('ZADD', key, now + 60000000, string.format('%.0f:%.0f:%s', gi, ci, me))
    redis.call('PEXPIRE', key, 61000)
  end
  for _, m in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    local g, c = string.match(m, '^(%d+):(%d+):')
    if g then
      gi = math.max(gi, tonumber(g))
      ci = math.max(ci, tonumber(c))
    end
  end
  return gi, ci
end
`;

/**
 * One Telegram sending budget for the whole deployment, kept in Redis so every process shares it.
 *
 * Global: a leaky bucket without burst (GCRA): each send takes the next free slot, slots are
 * `1 / (perSecond × pace)` apart, so no window of one second ever holds more than `perSecond` sends
 * even with some tens of milliseconds of network jitter (that is what `pace` < 1 buys).
 * Per chat: a chat's next send is at least `perChatIntervalMs` (with the same headroom) after its previous one.
 * A 429 pushes the global slot clock past `retry_after`, so every process stops, not just the one told.
 *
 * Times come from Redis (TIME), not from each process, so clock skew between machines cannot break it.
 */
export const ACQUIRE = `${SHARED_INTERVALS}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local gi, ci = intervals(KEYS[5], now, tonumber(ARGV[1]), tonumber(ARGV[2]), nil)
local defer = ARGV[3] == '1'
local chatNext = tonumber(redis.call('GET', KEYS[2]) or '0')
if defer and chatNext > now then
  return {1, math.floor((chatNext - now) / 1000) + 1}
end
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
-- Follow the departures' schedule (ADMIT) when it has fallen behind (a late departure, a 429 pause), so a
-- worker wakes when it may really leave instead of queueing in ADMIT with the others.
local departed = tonumber(redis.call('GET', KEYS[3]) or '0') - tonumber(ARGV[4])
local slot
if ARGV[5] ~= '' then
  -- The priority lane: not behind the bulk's reservations, only behind the actual departures and its chat.
  -- It is registered (KEYS[4], score = when it may leave) so that ADMIT holds the bulk back until it has left.
  slot = math.max(now, chatNext, departed)
  redis.call('ZADD', KEYS[4], slot, ARGV[5])
  redis.call('PEXPIRE', KEYS[4], math.floor((slot - now) / 1000) + 120000)
  tat = math.max(tat, slot)
else
  slot = math.max(tat, now, chatNext, departed)
  tat = slot
end
redis.call('SET', KEYS[1], string.format('%.0f', tat + gi), 'PX', math.floor((tat + gi - now) / 1000) + 60000)
redis.call('SET', KEYS[2], string.format('%.0f', slot + ci), 'PX', math.floor((slot + ci - now) / 1000) + 1000)
return {0, math.floor((slot - now) / 1000)}
`;

// The last check, made right before the HTTP call, on actual departures: the previous message really
// left at least one interval ago (globally, and for this chat), and no 429 pause is running. Reservations
// (ACQUIRE) alone are not enough: a worker whose timer fires late (a busy event loop, GC) would leave later
// than its slot and bunch up with the next one, and workers released together after a pause would leave
// in a burst. Here the departures themselves are spaced, so neither can happen. It is a GCRA: the
// schedule advances by one interval per departure, and a departure may be up to TOLERANCE early, which
// absorbs the few milliseconds each wake-up is late without letting the schedule drift (in any second at
// most floor((1000 + tolerance) / interval) + 1 messages leave).
export const ADMIT = `${SHARED_INTERVALS}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local gi, ci = intervals(KEYS[5], now, tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[6])
-- Told to wait: a priority-lane caller renews its registration to when it will ask again, so a live waiter is
-- never stale and a dead process's entry is dropped URGENT_STALE after the retry it never made.
local function wait(ms)
  if ARGV[4] ~= '' then
    redis.call('ZADD', KEYS[4], 'XX', string.format('%.0f', now + ms * 1000), ARGV[4])
    redis.call('PEXPIRE', KEYS[4], ms + 120000)
  end
  return {1, ms}
end
-- The job sending this still holds its lock (KEYS[7] = ARGV[11]), checked in the same atomic step as the admission:
-- a Redis restarted empty while this call waited for it (the reconciler adds the job again) admits nothing here.
if ARGV[11] ~= '' and redis.call('GET', KEYS[7]) ~= ARGV[11] then return {2, 0} end
local pause = redis.call('PTTL', KEYS[3])
if pause > 0 then return wait(pause) end
local tau = tonumber(ARGV[3])
-- Bulk yields to the priority lane: a registered urgent send that may leave within one interval goes first.
-- (Entries more than URGENT_STALE past their time are from a process that died while waiting — a live one renews
-- its entry each time it is told to wait: ignored and removed.)
if ARGV[4] == '' then
  redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - tonumber(ARGV[5]))
  if #redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now + gi, 'LIMIT', 0, 1) > 0 then
    return {1, math.floor(gi / 1000) + 1}
  end
end
local nextAny = tonumber(redis.call('GET', KEYS[1]) or '0')
if now < nextAny - tau then return wait(math.floor((nextAny - tau - now) / 1000) + 1) end
local nextChat = tonumber(redis.call('GET', KEYS[2]) or '0')
if now < nextChat then return wait(math.floor((nextChat - now) / 1000) + 1) end
-- The window (WINDOW_MARGIN_US): fewer than the limit (at the intervals in force) departed in the last second
-- and the margin; an entry may lie ahead of now (a cold or late departure counted when it really left).
local win = 1000000 + tonumber(ARGV[8])
local limit = math.min(tonumber(ARGV[10]), math.floor((1000000 + tau) / gi) + 1)
redis.call('ZREMRANGEBYSCORE', KEYS[6], '-inf', string.format('%.0f', now - win - 1000000))
local recent = redis.call('ZRANGEBYSCORE', KEYS[6], string.format('%.0f', now - win), '+inf', 'WITHSCORES')
local n = #recent / 2
if n >= limit then
  return wait(math.floor((tonumber(recent[2 * (n - limit + 1)]) + win - now) / 1000) + 1)
end
redis.call('ZADD', KEYS[6], string.format('%.0f', now + tonumber(ARGV[9])), ARGV[7])
redis.call('PEXPIRE', KEYS[6], 10000)
redis.call('SET', KEYS[1], string.format('%.0f', math.max(nextAny, now) + gi), 'PX', math.floor(gi / 1000) + 60000)
redis.call('SET', KEYS[2], string.format('%.0f', now + ci), 'PX', math.floor(ci / 1000) + 1000)
if ARGV[4] ~= '' then redis.call('ZREM', KEYS[4], ARGV[4]) end
return {0, 0, now}
`;

export const PAUSE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local untilUs = now + tonumber(ARGV[1]) * 1000
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilUs > tat then
  redis.call('SET', KEYS[1], string.format('%.0f', untilUs), 'PX', tonumber(ARGV[1]) + 60000)
end
redis.call('SET', KEYS[2], '1', 'PX', tonumber(ARGV[1]))
return 1
`;
