// A process that starts its own Redis and Postgres, prints their pids and waits to be killed: the test kills it
// with SIGKILL (no exit handler runs, as when vitest kills a worker) and checks the servers died with it.
import { PostgresProcess, RedisProcess } from '../../support/own-services';

const redis = await RedisProcess.create();
const postgres = await PostgresProcess.create();
console.log(JSON.stringify({ redis: redis.pid, postgres: postgres.pid, dirs: [redis.dir, postgres.dir] }));
setInterval(() => {}, 60_000);
