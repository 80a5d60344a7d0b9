import type { StaffActor } from '../src/services/staff';
import type { Context, SessionFlavor, Transformer } from 'grammy';
import type { JobsStatus } from '../jobs/status';
import type { CoreDeps } from '../src/deps';
import type { Lang, Translate } from '../src/i18n';
import type { SpeechToText } from '../src/services/speech-to-text';
import type { UserCache } from './middleware/user';

/**
 * Per-chat session, stored in the database (BotSession). Multi-step flows keep their step here:
 * `flow` names the flow (e.g. "register"), `step` its current question, `data` what was answered so far.
 */
export interface SessionData {
  flow?: string;
  step?: string;
  data?: Record<string, unknown>;
  /** The case this person last opened in this chat: what "how much?" or "where is it?" refers to (bot/flows/referent.ts). */
  caseId?: number;
}

/** A chat's session lease (bot/middleware/session-storage.ts): its token, and the session as read when it was taken. */
export interface SessionLease {
  token: string;
  value: SessionData;
}

export interface BotDeps extends CoreDeps {
  /** The bot's username, for deep links t.me/<username>?start=... */
  botUsername: string;
  /** Queue depths, failures and the oldest overdue item for /status; absent when this process runs no jobs runtime. */
  jobsStatus?: () => Promise<JobsStatus>;
  /** The jobs runtime's replyTransformer: replies share the Telegram budget and are retried on 429. */
  replyTransformer?: Transformer;
  /**
   * Dispatch the outbox now (the jobs runtime's `nudge`, where this process runs its dispatcher): after a change that
   * owes someone a message at once has committed. Elsewhere the dispatcher's poll finds it within a second.
   */
  nudgeOutbox?: () => void;
  /** Speech to text for owners' voice notes (src/services/speech-to-text.ts); none by default. */
  speechToText?: SpeechToText;
}

interface Flavor {
  deps: BotDeps;
  /** The user's language (stored choice, else from Telegram's language_code). */
  lang: Lang;
  /** Translate in the user's language: ctx.t('owner:case.card', {...}). */
  t: Translate;
  /**
   * The sender as an official (src/services/staff/actor.ts), built once per update: Telegram id, the message
   * acted through, active grants (none for an owner) and the administrator flag. Rights: `may` / `authorize`.
   * The grants may be up to USER_CACHE_TTL_MS old (bot/middleware/user.ts): enough to choose what to show; the
   * services decide every act on the grants as they stand in their transaction (`authorizeInTx`).
   */
  actor: StaffActor;
  /**
   * The session key ("<chat id>:<user id>"); undefined for an update without both a chat and a sender. Set by the
   * per-chat order (`inChatOrder`, bot/middleware/session-storage.ts); read by the claim and the session.
   */
  sessionKey: string | undefined;
  /**
   * The chat's session lease when it was taken in the statement of the update's claim (bot/middleware/dedupe-updates.ts);
   * the session middleware takes it over (and clears it), or the claim ends it when the update failed before that.
   */
  lease: SessionLease | undefined;
  /**
   * This bot's cache of users' languages and grants (bot/middleware/user.ts), set by the user middleware: a change of
   * a user's language or grants made here calls `forget` so it shows at once.
   */
  userCache: UserCache;
}

export type BotContext = Context & SessionFlavor<SessionData> & Flavor;
