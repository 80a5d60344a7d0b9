// Whether a suite that needs Postgres runs, is skipped, or fails the run. On a developer's machine without Postgres
// the Postgres runs are skipped; where Postgres is required (CI: .ci/run exports REQUIRE_POSTGRES=1; or any CI
// that sets CI) a missing server fails the suite with one line, instead of a green run that never touched it.

export type PostgresDecision = { run: boolean } | { fail: string };

/** True where a missing Postgres must fail the run: REQUIRE_POSTGRES=1, or CI set (to anything but false/0). */
export function postgresRequired(env: Record<string, string | undefined> = process.env): boolean {
  if (env.REQUIRE_POSTGRES === '1') return true;
  const ci = env.CI?.trim().toLowerCase();
  return !!ci && ci !== 'false' && ci !== '0';
}

/** `what` names what is missing (the server's address without credentials, or its binaries). */
export function postgresDecision(
  what: string,
  available: boolean,
  env: Record<string, string | undefined> = process.env,
): PostgresDecision {
  if (available) return { run: true };
  if (postgresRequired(env)) return { fail: `Postgres is required here (REQUIRE_POSTGRES=1 or CI) but ${what}` };
  return { run: false };
}

/** Whether to run; throws the decision's one line when Postgres is required and missing. */
export function runOnPostgres(decision: PostgresDecision): boolean {
  if ('fail' in decision) throw new Error(decision.fail);
  return decision.run;
}

/** host:port/database of a Postgres URL, without user or password (it reaches the test logs). */
export function postgresWhere(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the configured TEST_POSTGRES_URL';
  }
}
