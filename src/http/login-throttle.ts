/**
 * Failed logins per client address, for the queue dashboard's basic auth: after `max` wrong attempts within
 * `windowMs` the address is refused (429) until the window has passed — also with the right password, or guessing
 * would simply go on. Kept in this process's memory (each process counts its own: the deployment counts in Redis,
 * src/http/client-limits.ts, and uses this while Redis is away); at most `maxClients` addresses
 * are remembered, the oldest forgotten first, so a flood of addresses cannot grow it without end.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxClients = 10_000,
  ) {}

  /** Seconds until `client` may try again, or 0 when he may try now. */
  blockedFor(client: string, now: number): number {
    const f = this.failures.get(client);
    if (!f) return 0;
    if (now - f.since >= this.windowMs) {
      this.failures.delete(client);
      return 0;
    }
    return f.count >= this.max ? Math.ceil((f.since + this.windowMs - now) / 1000) : 0;
  }

  failed(client: string, now: number): void {
    const f = this.failures.get(client);
    if (f && now - f.since < this.windowMs) {
      f.count++;
      return;
    }
    this.failures.delete(client);
    if (this.failures.size >= this.maxClients) this.failures.delete(this.failures.keys().next().value!);
    this.failures.set(client, { count: 1, since: now });
  }

  succeeded(client: string): void {
    this.failures.delete(client);
  }
}
