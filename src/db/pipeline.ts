import pg from 'pg';

/** One statement of a pipeline: its text with $n placeholders and its values (already as pg takes them). */
export interface PipelinedStatement {
  text: string;
  values: unknown[];
}

/** The rows and the count of rows changed of each statement of a pipeline, in order. */
export type PipelineResults = Array<{ rows: Record<string, unknown>[]; rowCount: number }>;

interface PgResult {
  rows: Record<string, unknown>[];
  rowCount: number | null;
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): Record<string, unknown>;
  addRow(row: Record<string, unknown>): void;
  addCommandComplete(msg: unknown): void;
}
interface PgConnection {
  stream: { cork?(): void; uncork?(): void };
  parse(q: { text: string; name?: string }): void;
  bind(c: { portal: string; statement: string; values: unknown[]; valueMapper: (v: unknown) => unknown }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(c: { portal: string }): void;
  sync(): void;
}
const PgResultClass = (pg as unknown as { Result: new (rowMode: undefined, types: unknown) => PgResult }).Result;
const prepareValue = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils.prepareValue;

/**
 * Several statements in one round trip: each one's Parse, Bind, Describe and Execute, then one Sync, written to the
 * socket at once (the extended query protocol's pipelining). Postgres runs them in order as one implicit transaction:
 * when one fails, those after it are skipped and those before it are rolled back, and the error is reported — all
 * or none, as if in BEGIN … COMMIT. Rows are parsed with `types` (the pool's parsers: src/db/direct.ts PRISMA_TYPES).
 *
 * A pg "submittable" (`client.query(submittable)`), the interface pg's own Query implements; pg gives it the
 * backend's messages of this round trip in order, and its callback runs once: at ReadyForQuery, or at the error.
 */
export class Pipeline {
  callback?: (err: Error | null, results?: PipelineResults) => void;
  private readonly results: PgResult[];
  private current = 0;
  private failed = false;

  constructor(
    private readonly statements: PipelinedStatement[],
    types: unknown,
  ) {
    this.results = statements.map(() => new PgResultClass(undefined, types));
  }

  /** Runs the pipeline on a connected client (a pooled one: see src/db/direct.ts `poolSql`). */
  static run(client: pg.ClientBase, statements: PipelinedStatement[], types: unknown): Promise<PipelineResults> {
    return new Promise((resolve, reject) => {
      const p = new Pipeline(statements, types);
      p.callback = (err, results) => (err ? reject(err) : resolve(results!));
      client.query(p as unknown as pg.QueryConfig);
    });
  }

  /** Writes the round trip; an Error (a value pg cannot send) is returned before anything is written, as pg's Query does. */
  submit(connection: PgConnection): Error | null {
    let values: unknown[][];
    try {
      values = this.statements.map((s) => s.values.map((v) => prepareValue(v)));
    } catch (err) {
      return err as Error;
    }
    // Corked: every message of every statement leaves in one write.
    connection.stream.cork?.();
    try {
      for (const [i, s] of this.statements.entries()) {
        connection.parse({ text: s.text });
        connection.bind({ portal: '', statement: '', values: values[i]!, valueMapper: (v) => v });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: unknown[] }): void {
    this.results[this.current]?.addFields(msg.fields);
  }

  handleDataRow(msg: { fields: unknown[] }): void {
    const r = this.results[this.current];
    if (r) r.addRow(r.parseRow(msg.fields));
  }

  handleCommandComplete(msg: unknown): void {
    this.results[this.current]?.addCommandComplete(msg);
    this.current++;
  }

  handleEmptyQuery(): void {
    this.current++;
  }

  handleError(err: Error): void {
    if (this.failed) return;
    this.failed = true;
    this.callback?.(err);
  }

  handleReadyForQuery(): void {
    if (this.failed) return;
    this.callback?.(
      null,
      this.results.map((r) => ({ rows: r.rows, rowCount: r.rowCount ?? 0 })),
    );
  }
}
