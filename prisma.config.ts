import { defineConfig } from 'prisma/config';

// Only `prisma generate` uses the CLI; migrations go through the wasm schema engine (src/db/migrate.ts).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
