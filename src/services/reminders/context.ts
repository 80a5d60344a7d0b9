import type { Config } from '../../config';
import type { Translator } from '../../i18n';
import type { DbReader } from '../dues';
import type { OutgoingMessage } from '../outbox';

/** What a reminder builder reads: the database (or the job's transaction), settings and the translator. */
export interface ReminderContext {
  db: DbReader;
  config: Config;
  translator: Translator;
}

/** Builds the messages of one deadline step for a case at `now`; [] when the case has moved on. */
export type ReminderBuilder = (
  ctx: ReminderContext,
  caseId: number,
  now: Date,
  ref?: number,
) => Promise<OutgoingMessage[]>;
