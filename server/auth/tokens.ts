import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Hex of `bytes` random bytes: session ids and other opaque secrets. */
export function randomHex(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time string equality, so comparing secrets leaks nothing through timing. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
