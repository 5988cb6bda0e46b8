/**
 * Fortify's login limiter: 5 failed attempts per (email, IP) per minute, then the pair waits.
 * In memory per server process: enough to stop online password guessing against the reference
 * API; a multi-process deployment would keep this in a shared store.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxAttempts = 5,
    private readonly windowMs = 60_000,
  ) {}

  private key(email: string, ip: string | undefined): string {
    return `${email.toLowerCase()}|${ip ?? ''}`;
  }

  /** Seconds until the pair may try again, or 0 when it may try now. */
  retryAfterSeconds(email: string, ip: string | undefined, now = Date.now()): number {
    const entry = this.failures.get(this.key(email, ip));
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.maxAttempts ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  fail(email: string, ip: string | undefined, now = Date.now()): void {
    const key = this.key(email, ip);
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count += 1;
    // Bound memory under a flood of distinct keys: expired entries are dropped as we go.
    if (this.failures.size > 10_000) for (const [k, e] of this.failures) if (e.resetAt <= now) this.failures.delete(k);
  }

  clear(email: string, ip: string | undefined): void {
    this.failures.delete(this.key(email, ip));
  }
}
