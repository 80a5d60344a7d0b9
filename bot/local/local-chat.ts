import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Bot } from 'grammy';
import type { Message, Update } from 'grammy/types';
import type { OffsetClock } from '../../src/clock';
import type { CoreDeps } from '../../src/deps';
import { type Lang, type Translate, userLanguage } from '../../src/i18n';
import type { BotContext } from '../context';
import { MAX_JUMP_DAYS, parseLocalCommand } from './local-commands';
import { signedDeskUrl } from './local-desk';
import type { LocalBotApi, LocalEvent } from './local-bot-api';
import { saveLocalState, type LocalState } from './local-state';
import { PERSONAS, personaByChat, type Persona, type PersonaName } from './personas';
import { asTelegram, LocalScreen, type Shown } from './local-screen';
import { numberedButtons, renderNotice } from './render';
import { personaMessage, photoUpdate, tapUpdate, textUpdate } from './local-updates';

/** What the chat drives: the real bot, the Bot API stand-in, the job runtime and the demo clock. */
export interface LocalChatParts {
  bot: Bot<BotContext>;
  api: LocalBotApi;
  deps: CoreDeps;
  jobs: { drain(timeoutMs?: number): Promise<void> };
  clock: OffsetClock;
  state: LocalState;
  dataDir: string;
  logFile: string;
  /** Prints one block of text (one or more lines). */
  print(text: string): void;
  /**
   * The staff desk on this computer: starts its HTTP server on first use and gives its base URL and the token its
   * initData is signed with (null when it could not listen).
   */
  desk?: () => Promise<{ base: string; token: string } | null>;
}

/** The outcome of one line: keep reading, or the user asked to stop. */
export type LineResult = 'continue' | 'quit';

/**
 * The terminal chat: turns typed lines into Telegram updates from the current persona, feeds them to the
 * real bot, lets the jobs catch up, and prints every message the bot sent to anyone, numbered and labelled
 * with the persona in that persona's language.
 */
export class LocalChat {
  current: PersonaName = 'owner';
  private readonly pending: LocalEvent[] = [];
  private readonly screen: LocalScreen;
  private readonly languages = new Map<number, Lang>();
  private callbackSeq = 0;
  private flushing: Promise<void> = Promise.resolve();
  private busy = false;
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(private readonly parts: LocalChatParts) {
    this.screen = new LocalScreen(
      (userId) => this.tFor(userId),
      (text) => parts.print(text),
    );
    parts.api.onEvent((event) => {
      this.pending.push(event);
      // Messages the workers send while nobody is typing (a deadline that fell due) are printed shortly after.
      if (!this.busy && !this.flushTimer) this.flushTimer = setTimeout(() => void this.flush(), 50);
    });
  }

  /** The current persona's translator (for prompts and local notices). */
  t(persona: PersonaName = this.current): Translate {
    return this.parts.deps.translator.forLang(
      this.languages.get(PERSONAS[persona].userId) ?? this.parts.deps.config.DEFAULT_LANGUAGE,
    );
  }

  /** The prompt for the current persona, e.g. "owner> ". */
  prompt(): string {
    return this.t()('local:prompt', { persona: this.t()(`local:persona.${this.current}`) });
  }

  /** Reads the personas' languages as the bot stores them (the choice made with /language, else Telegram's). */
  async refreshLanguages(): Promise<void> {
    const users = await this.parts.deps.db.telegramUser.findMany({
      where: { id: { in: Object.values(PERSONAS).map((p) => BigInt(p.userId)) } },
    });
    for (const u of users) {
      this.languages.set(Number(u.id), userLanguage(this.parts.deps.config, u));
    }
  }

  /** Handles one typed line to the end: the bot's answer, the jobs it set off, and what they sent. */
  async handleLine(line: string): Promise<LineResult> {
    this.busy = true;
    try {
      return await this.dispatch(line);
    } finally {
      this.parts.state.nextMessageIds = this.parts.api.messageIdState();
      saveLocalState(this.parts.dataDir, this.parts.state);
      this.busy = false;
      await this.flush();
    }
  }

  /** Prints everything the bot sent since the last flush, in order. */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushing = this.flushing.then(async () => {
      if (this.pending.length === 0) return;
      await this.refreshLanguages();
      for (const event of this.pending.splice(0)) this.screen.print(event);
    });
    return this.flushing;
  }

  /** A local-chat notice in the current persona's language. */
  notice(key: string, params: Record<string, unknown> = {}): void {
    this.parts.print(renderNotice(this.t()(key, params)));
  }

  private async dispatch(line: string): Promise<LineResult> {
    const command = parseLocalCommand(line);
    const persona = PERSONAS[this.current];
    if (command.kind === 'quit') return 'quit';
    if (command.kind === 'help') this.notice('local:help');
    else if (command.kind === 'as') this.switchTo(command.persona);
    else if (command.kind === 'invalid') this.invalid(command.problem, command.input);
    else if (command.kind === 'desk') await this.desk(persona);
    else if (command.kind === 'time') await this.time(command.jump);
    else if (command.kind === 'tap') await this.tap(persona, command.message, command.choice);
    else if (command.kind === 'reply') await this.reply(persona, command.message, command.text);
    else if (command.kind === 'say') await this.sendText(persona, command.text);
    else if (command.kind === 'photo') await this.sendPhoto(persona, command.path, command.caption);
    else if (command.kind === 'bot') await this.typed(persona, command.text);
    return 'continue';
  }

  /** A line typed as it is: a number taps that button of the open keyboard; anything else is sent as text. */
  private async typed(persona: Persona, text: string): Promise<void> {
    const open = this.screen.openKeyboard.get(persona.userId);
    const choice = /^\d{1,3}$/.test(text) ? Number(text) : 0;
    const message = open && this.parts.api.message(open.chatId, open.messageId);
    if (open && message && choice >= 1 && choice <= numberedButtons(message).length)
      return this.tap(persona, open.n, choice);
    if (text.startsWith('/')) this.screen.openKeyboard.delete(persona.userId);
    await this.sendText(persona, text);
  }

  /** Prints the staff desk's local link with initData signed for the current persona (as Telegram would sign it). */
  private async desk(persona: Persona): Promise<void> {
    if (!persona.role) {
      this.notice('local:desk.owner');
      return;
    }
    const desk = await this.parts.desk?.();
    if (!desk) {
      this.notice('local:desk.failed', { port: this.parts.deps.config.PORT });
      return;
    }
    const lang = this.languages.get(persona.userId) ?? this.parts.deps.config.DEFAULT_LANGUAGE;
    this.notice('local:desk.url', {
      persona: this.t()(`local:persona.${persona.name}`),
      url: signedDeskUrl(persona, lang, desk, this.parts.clock.now()),
      count: Math.floor(this.parts.deps.config.DESK_AUTH_MAX_AGE_SECONDS / 60),
    });
  }

  private switchTo(name: PersonaName): void {
    if (name === this.current) {
      this.notice('local:already', { persona: this.t()(`local:persona.${name}`) });
      return;
    }
    this.current = name;
    const p = PERSONAS[name];
    this.notice('local:switched', { persona: this.t()(`local:persona.${name}`), name: p.firstName, id: p.userId });
  }

  private invalid(problem: string, input: string): void {
    this.notice(`local:error.${problem}`, { input, count: MAX_JUMP_DAYS });
  }

  private async time(jump: { count: number; unit: 'd' | 'h' | 'm'; ms: number } | undefined): Promise<void> {
    if (!jump) {
      this.notice('local:clock.now', { now: this.parts.clock.now().toISOString() });
      return;
    }
    this.parts.clock.advance(jump.ms);
    this.parts.state.clockOffsetMs = this.parts.clock.offsetMs;
    saveLocalState(this.parts.dataDir, this.parts.state);
    this.notice('local:clock.moved', {
      amount: this.t()(`local:unit.${jump.unit}`, { count: jump.count }),
      now: this.parts.clock.now().toISOString(),
    });
    // The job runtime fires every deadline now due by the demo clock, and waits for what they send.
    await this.catchUp();
  }

  private async tap(persona: Persona, messageNumber: number | undefined, choice: number): Promise<void> {
    const shown =
      messageNumber === undefined
        ? (this.screen.openKeyboard.get(persona.userId) ?? this.screen.latestKeyboard.get(persona.userId))
        : this.screen.shownByNumber.get(messageNumber);
    if (!shown) {
      if (messageNumber === undefined)
        this.notice('local:error.no_keyboard', { persona: this.t()(`local:persona.${persona.name}`) });
      else this.notice('local:error.no_such_message', { n: messageNumber });
      return;
    }
    if (!this.ownedBy(persona, shown)) return;
    const message = this.parts.api.message(shown.chatId, shown.messageId);
    const buttons = message ? numberedButtons(message) : [];
    const button = buttons[choice - 1];
    if (!message || !button || (!button.callbackData && !button.url)) {
      this.notice('local:error.no_such_choice', { n: shown.n, choice, max: buttons.length });
      return;
    }
    if (button.url) {
      this.notice('local:link_only', { choice, url: button.url });
      return;
    }
    if (this.screen.openKeyboard.get(persona.userId)?.n === shown.n) this.screen.openKeyboard.delete(persona.userId);
    this.notice('local:tapped', {
      persona: this.t()(`local:persona.${persona.name}`),
      choice,
      text: button.text,
      n: shown.n,
    });
    const id = `local-${persona.userId}-${Date.now()}-${++this.callbackSeq}`;
    this.parts.api.registerCallback(id, persona.userId);
    await this.feed(
      tapUpdate(
        id,
        persona,
        this.parts.deps.config.DEFAULT_LANGUAGE,
        button.callbackData!,
        asTelegram(this.parts.bot.botInfo, message),
      ),
    );
  }

  private async reply(persona: Persona, messageNumber: number, text: string): Promise<void> {
    const shown = this.screen.shownByNumber.get(messageNumber);
    if (!shown) {
      this.notice('local:error.no_such_message', { n: messageNumber });
      return;
    }
    if (!this.ownedBy(persona, shown)) return;
    const message = this.parts.api.message(shown.chatId, shown.messageId);
    if (!message) {
      this.notice('local:error.no_such_message', { n: messageNumber });
      return;
    }
    this.notice('local:replying', { persona: this.t()(`local:persona.${persona.name}`), n: shown.n });
    await this.sendText(persona, text, {
      reply_to_message: asTelegram(this.parts.bot.botInfo, message) as Message['reply_to_message'],
    });
  }

  private ownedBy(persona: Persona, shown: Shown): boolean {
    if (shown.chatId === persona.userId) return true;
    const owner = personaByChat(shown.chatId);
    this.notice('local:error.other_persona', {
      n: shown.n,
      persona: owner ? this.t()(`local:persona.${owner.name}`) : String(shown.chatId),
      name: owner?.name ?? '',
    });
    return false;
  }

  private async sendPhoto(persona: Persona, file: string, caption: string | undefined): Promise<void> {
    const full = path.resolve(file);
    if (!existsSync(full) || !statSync(full).isFile()) {
      this.notice('local:error.photo_missing', { path: file });
      return;
    }
    const { fileId, fileUniqueId } = this.parts.api.registerUpload(full);
    // Answering with a photo moves past the keyboard it was offered with (e.g. "send a photo or tap Skip").
    this.screen.openKeyboard.delete(persona.userId);
    await this.feed(
      photoUpdate(this.newMessage(persona), { fileId, fileUniqueId, size: statSync(full).size }, caption),
    );
  }

  private async sendText(persona: Persona, text: string, extra: Partial<Message> = {}): Promise<void> {
    await this.feed(textUpdate(this.newMessage(persona), text, extra));
  }

  /** Feeds one update (with the next update id) and lets the jobs catch up. */
  private async feed(update: Update): Promise<void> {
    const withId = { ...update, update_id: this.parts.state.nextUpdateId++ } as Update;
    saveLocalState(this.parts.dataDir, this.parts.state);
    try {
      await this.parts.bot.handleUpdate(withId);
    } catch (err) {
      this.parts.deps.logger.error({ err, update_id: withId.update_id }, 'local chat: update failed');
      this.notice('local:error.bot_failed', { message: (err as Error).message, log: this.parts.logFile });
    }
    await this.catchUp();
  }

  /** Lets the jobs run whatever is due now (e.g. at start-up, deadlines that fell due while stopped) and prints it. */
  async settle(): Promise<void> {
    this.busy = true;
    try {
      await this.catchUp();
    } finally {
      this.busy = false;
      await this.flush();
    }
  }

  private async catchUp(): Promise<boolean> {
    try {
      await this.parts.jobs.drain();
      return true;
    } catch (err) {
      this.parts.deps.logger.error({ err }, 'local chat: jobs drain failed');
      this.notice('local:error.jobs_failed', { message: (err as Error).message, log: this.parts.logFile });
      return false;
    }
  }

  private tFor(userId: number): Translate {
    return this.parts.deps.translator.forLang(this.languages.get(userId) ?? this.parts.deps.config.DEFAULT_LANGUAGE);
  }

  /** A new message of the persona in its chat: the next id of that chat, the demo clock's time. */
  private newMessage(persona: Persona) {
    return personaMessage(
      persona,
      this.parts.api.allocateMessageId(persona.userId),
      this.parts.clock.now(),
      this.parts.deps.config.DEFAULT_LANGUAGE,
    );
  }
}
