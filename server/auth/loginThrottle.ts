import type { Response } from 'express';
import { HttpError } from '../http/errors';

/**
 * Fortify's limiter: a number of attempts per (email, IP) in a time window, then the pair waits.
 * Used for sign-in failures, password-reset link requests, reset attempts and verification
 * resends. In memory per server process: enough to stop online guessing against the reference
 * API; a multi-process deployment would keep this in a shared store.
 */
export class AttemptThrottle {
  private readonly attempts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxAttempts = 5,
    private readonly windowMs = 60_000,
  ) {}

  private key(email: string, ip: string | undefined): string {
    return `${email.trim().toLowerCase()}|${ip ?? ''}`;
  }

  /** Seconds until the pair may try again, or 0 when it may try now. */
  retryAfterSeconds(email: string, ip: string | undefined, now = Date.now()): number {
    const entry = this.attempts.get(this.key(email, ip));
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.maxAttempts ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /** Counts one attempt (a failed sign-in, a reset-link request, …). */
  hit(email: string, ip: string | undefined, now = Date.now()): void {
    const key = this.key(email, ip);
    const entry = this.attempts.get(key);
    if (!entry || entry.resetAt <= now) this.attempts.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count += 1;
    // Bound memory under a flood of distinct keys: expired entries are dropped as we go.
    if (this.attempts.size > 10_000) for (const [k, e] of this.attempts) if (e.resetAt <= now) this.attempts.delete(k);
  }

  /** Older name of `hit`, kept for the sign-in route's wording ("a failure"). */
  fail(email: string, ip: string | undefined, now = Date.now()): void {
    this.hit(email, ip, now);
  }

  clear(email: string, ip: string | undefined): void {
    this.attempts.delete(this.key(email, ip));
  }

  /**
   * Counts this attempt and throws 429 if the pair is over the limit, in one synchronous step.
   * Call it BEFORE anything asynchronous (the password hash): counting after the await let 100
   * parallel guesses all pass the check before any of them was counted. Clear on success.
   */
  consume(res: Response, email: string, ip: string | undefined): void {
    this.assertAllowed(res, email, ip);
    this.hit(email, ip);
  }

  /**
   * Throws Laravel's 429 (with Retry-After) when the pair must wait. The message says how long,
   * so the portal can show it as it is.
   */
  assertAllowed(res: Response, email: string, ip: string | undefined): void {
    const wait = this.retryAfterSeconds(email, ip);
    if (wait <= 0) return;
    res.setHeader('Retry-After', String(wait));
    throw tooManyAttempts(wait);
  }
}

/** The sign-in limiter keeps its historical name. */
export class LoginThrottle extends AttemptThrottle {}

export function tooManyAttempts(seconds: number): HttpError {
  return new HttpError(429, `Too many attempts. Please try again in ${seconds} seconds.`);
}
