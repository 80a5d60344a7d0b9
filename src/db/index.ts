export { openDatabase, targetFromConfig, PrismaClient, type Database, type DatabaseTarget, type Db } from './client';
export { applyMigrations } from './migrate';
export { Prisma } from './generated/client';
export * as DbEnums from './generated/enums';
export { paiseOf } from './money';
export { DataDirLockedError } from './data-dir-lock';
