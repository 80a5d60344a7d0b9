import { Composer, Context, type Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callbackCodec } from '../../../bot/flows/callback-codec';
import { defineFlow } from '../../../bot/flows/flow';
import type { BotContext, SessionData } from '../../../bot/context';

const me = { id: 9, is_bot: true, first_name: 'B', username: 'b' } as UserFromGetMe;
const from = { id: 5, is_bot: false, first_name: 'A' };

function ctxOf(update: object, session: SessionData = {}) {
  const replies: string[] = [];
  const api = {
    sendMessage: async (_chat: number, text: string) => (replies.push(text), { message_id: 1 }),
    answerCallbackQuery: async (_id: string, o?: { text?: string }) => (
      o?.text && replies.push(`alert:${o.text}`), true
    ),
  } as unknown as Api;
  const ctx = new Context({ update_id: 1, ...update } as never, api, me) as BotContext;
  Object.assign(ctx, { session, t: (k: string) => k, deps: { config: {} } });
  return { ctx, replies };
}
const text = (t: string, session?: SessionData) =>
  ctxOf(
    { message: { message_id: 3, date: 0, chat: { id: 5, type: 'private', first_name: 'A' }, from, text: t } },
    session,
  );

const draft = defineFlow('test-draft', {
  steps: ['name', 'confirm'],
  data: z.object({ caseId: z.number().int(), name: z.string().optional() }),
});

describe('flow kernel (bot/flows/flow.ts)', () => {
  it('enter / at / step / data / leave keep the stored shape { flow, step, data }', () => {
    const { ctx } = text('x');
    draft.enter(ctx, 'name', { caseId: 7 });
    expect(ctx.session).toEqual({ flow: 'test-draft', step: 'name', data: { caseId: 7 } });
    expect(draft.at(ctx)).toBe(true);
    expect(draft.at(ctx, 'confirm')).toBe(false);
    expect(draft.at(ctx, 'name', 'confirm')).toBe(true);
    expect(draft.step(ctx)).toBe('name');
    expect(draft.data(ctx)).toEqual({ caseId: 7 });
    draft.leave(ctx);
    expect(ctx.session).toEqual({ flow: undefined, step: undefined, data: undefined });
    expect(draft.data(ctx)).toBeUndefined();
  });

  it('validates stored data: a session that does not fit the schema is not handed out', () => {
    const { ctx } = text('x', { flow: 'test-draft', step: 'name', data: { caseId: 'seven' } });
    expect(draft.data(ctx)).toBeUndefined();
  });

  it('refuses a second flow with the same name', () => {
    expect(() => defineFlow('test-draft', { steps: ['a'], data: z.object({}) })).toThrow(/twice/);
  });

  it('routes a text to the current step (composer.route), the rest to otherwise; other chats pass on', async () => {
    const composer = new Composer<BotContext>();
    const seen: string[] = [];
    draft.texts(
      composer,
      { name: async (_ctx, d, t) => void seen.push(`name:${d.caseId}:${t}`) },
      async () => void seen.push('otherwise'),
    );
    let passed = 0;
    const next = async () => void passed++;
    await composer.middleware()(text('  Ram  ', { flow: 'test-draft', step: 'name', data: { caseId: 3 } }).ctx, next);
    await composer.middleware()(text('hello', { flow: 'test-draft', step: 'confirm', data: { caseId: 3 } }).ctx, next);
    await composer.middleware()(text('hello', { flow: 'another', step: 'name', data: { caseId: 3 } }).ctx, next);
    expect(seen).toEqual(['name:3:Ram', 'otherwise']);
    expect(passed).toBe(1);
    // Stored data that no longer fits: the flow is left and the text passes on.
    const stale = text('x', { flow: 'test-draft', step: 'name', data: {} });
    await composer.middleware()(stale.ctx, next);
    expect(stale.ctx.session.flow).toBeUndefined();
    expect(passed).toBe(2);
  });

  it('a button of a step: refused at the wrong step or outside the flow, run with typed data at its step', async () => {
    const composer = new Composer<BotContext>();
    const ok = callbackCodec('tdr|ok', ['caseId:int']);
    const seen: unknown[] = [];
    draft.tap(composer, ok, 'confirm', async (_ctx, tap, d) => void seen.push([tap.caseId, d.name]));
    const tapOf = (session: SessionData) => {
      const c = ctxOf(
        {
          callback_query: {
            id: 'q',
            chat_instance: 'c',
            from,
            data: 'placeholder',
            message: { message_id: 4, date: 0, chat: { id: 5, type: 'private', first_name: 'A' } },
          },
        },
        session,
      );
      c.ctx.callbackQuery!.data = ok.encode(c.ctx, { caseId: 3 });
      return c;
    };
    const wrongStep = tapOf({ flow: 'test-draft', step: 'name', data: { caseId: 3 } });
    await composer.middleware()(wrongStep.ctx, async () => {});
    expect(wrongStep.replies).toEqual(['alert:common:error.stale_button']);
    const outside = tapOf({});
    await composer.middleware()(outside.ctx, async () => {});
    expect(outside.replies).toEqual(['alert:common:error.stale_button']);
    expect(seen).toEqual([]);
    const right = tapOf({ flow: 'test-draft', step: 'confirm', data: { caseId: 3, name: 'Ram' } });
    await composer.middleware()(right.ctx, async () => {});
    expect(seen).toEqual([[3, 'Ram']]);
    expect(right.replies).toEqual([]);
  });
});
