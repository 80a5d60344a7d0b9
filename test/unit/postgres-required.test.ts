import { describe, expect, it } from 'vitest';
import { postgresDecision, postgresRequired, postgresWhere, runOnPostgres } from '../support/postgres-required';

// A suite that needs Postgres runs when it answers, is skipped on a developer's machine without it, and fails with
// one line where Postgres is required (.ci/run exports REQUIRE_POSTGRES=1; a CI service sets CI).
describe('whether a Postgres suite runs, is skipped or fails', () => {
  const missing = 'nothing answers at 127.0.0.1:5432/test';

  it('runs whenever Postgres answers, required or not', () => {
    expect(postgresDecision(missing, true, {})).toEqual({ run: true });
    expect(postgresDecision(missing, true, { REQUIRE_POSTGRES: '1' })).toEqual({ run: true });
  });

  it('is skipped when Postgres is missing and nothing requires it', () => {
    expect(postgresDecision(missing, false, {})).toEqual({ run: false });
    expect(postgresDecision(missing, false, { CI: 'false' })).toEqual({ run: false });
    expect(postgresDecision(missing, false, { CI: '0', REQUIRE_POSTGRES: '0' })).toEqual({ run: false });
    expect(runOnPostgres(postgresDecision(missing, false, {}))).toBe(false);
  });

  it('fails with one line naming what is missing when REQUIRE_POSTGRES=1 or CI is set', () => {
    for (const env of [{ REQUIRE_POSTGRES: '1' }, { CI: 'true' }, { CI: '1' }]) {
      expect(postgresRequired(env), JSON.stringify(env)).toBe(true);
      const d = postgresDecision(missing, false, env);
      expect(d).toEqual({ fail: `Postgres is required here (REQUIRE_POSTGRES=1 or CI) but ${missing}` });
      expect(() => runOnPostgres(d)).toThrow(
        /^Postgres is required here .* but nothing answers at 127\.0\.0\.1:5432\/test$/,
      );
    }
  });

  it('names the server without its user or password', () => {
    expect(postgresWhere('postgresql://kanji:s3cret@db.example:6543/test')).toBe('db.example:6543/test');
    expect(postgresWhere('postgresql://postgres@127.0.0.1/test')).toBe('127.0.0.1:5432/test');
  });
});

describe('.ci/run requires Postgres for the test run', () => {
  it('exports REQUIRE_POSTGRES=1 before npm test', async () => {
    const { readFileSync } = await import('node:fs');
    const ci = readFileSync('.ci/run', 'utf8');
    const exported = ci.indexOf('export REQUIRE_POSTGRES=1');
    expect(exported).toBeGreaterThan(-1);
    expect(exported).toBeLessThan(ci.indexOf('npm test'));
  });
});
