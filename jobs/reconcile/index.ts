// The reconciler: the database is the truth, and a pass puts back into Redis whatever the database says is owed
// and the queues lost (deadline steps in deadlines.ts; sends, broadcasts and photo fetches in outbox.ts; failed jobs
// whose work is owed in revive.ts), one pass in reconciler.ts, its schedule and full/incremental state in loop.ts and
// state.ts. This index is the folder's public surface.
export { reconcileLoop } from './loop';
export type { ReconcileResult } from './reconciler';
