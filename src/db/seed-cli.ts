// npm run db:seed — loads the demo district (idempotent).
import { systemClock } from '../clock';
import { createConfig, ConfigError } from '../config';
import { applyMigrations, openDatabase, targetFromConfig } from '.';
import { seedDemo } from './seed';

try {
  const config = createConfig();
  const db = await openDatabase(targetFromConfig(config));
  await applyMigrations(db.adapter);
  const result = await seedDemo(db.prisma, systemClock.now(), { photos: true });
  console.log(
    `Demo district ready: pounds ${result.pounds.join(', ')}; ${result.cases.length ? `new cases ${result.cases.join(', ')}` : 'cases already present'}.`,
  );
  await db.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Seeding failed: ${(err as Error).message}`);
  process.exit(1);
}
