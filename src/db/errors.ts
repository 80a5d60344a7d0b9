/**
 * The SQLSTATE of a failed raw statement ("23505" unique violation, "40001" serialization failure, "40P01" deadlock):
 * the driver adapter's original code inside Prisma's error (P2010 around `$queryRaw`/`$executeRaw`); null for
 * anything else. A model query's errors carry Prisma's own codes (P2002, P2034) instead.
 */
export function sqlState(e: unknown): string | null {
  if (!e || typeof e !== 'object') return null;
  const cause = (e as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } }).meta
    ?.driverAdapterError?.cause;
  return typeof cause?.originalCode === 'string' ? cause.originalCode : null;
}
