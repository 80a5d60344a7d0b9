import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function run(script: string, env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['BOT_TOKEN', 'DATABASE_URL', 'WEBHOOK_URL'].includes(k)),
  );
  return spawnSync(tsx, [script], { cwd: root, env: { ...clean, ...env }, encoding: 'utf8', timeout: 60_000 });
}

describe('entry points', () => {
  it('refuses a bad setting with one line naming the variable', () => {
    const r = run('src/db/migrate-cli.ts', { REDIS_URL: 'localhost' });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: REDIS_URL /);
  });
});
