import type { StorageAdapter } from 'grammy';
import type { Prisma } from '../../src/db';
import type { Db } from '../../src/db';

/** grammY session storage in the database (BotSession), so a restart loses no half-finished flow. */
export function prismaSessionStorage<T>(db: Db): StorageAdapter<T> {
  return {
    async read(key) {
      const row = await db.botSession.findUnique({ where: { key } });
      return (row?.value ?? undefined) as T | undefined;
    },
    async write(key, value) {
      const json = value as unknown as Prisma.InputJsonValue;
      await db.botSession.upsert({ where: { key }, create: { key, value: json }, update: { value: json } });
    },
    async delete(key) {
      await db.botSession.deleteMany({ where: { key } });
    },
  };
}
