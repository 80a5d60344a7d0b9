import { afterAll } from 'vitest';
import { killOwnServer, liveOwnServers } from './own-services';

// Every test file ends with none of its own Redis/Postgres servers running: the file fails, naming them, if its
// afterAll did not destroy what it started (they are killed here so the next file starts clean). This hook is
// registered before the file's own, so it runs after them.
afterAll(() => {
  const left = liveOwnServers();
  for (const s of left) killOwnServer(s);
  if (left.length) {
    throw new Error(
      `the file left its own servers running (destroy them in afterAll): ${left.map((s) => `${s.kind} on port ${s.port}`).join(', ')}`,
    );
  }
});
