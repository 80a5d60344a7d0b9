import type { BotContext } from '../context';
import { InlineKeyboard, Composer } from 'grammy';
import { z } from 'zod';
import { replaceGroupPhoto } from '../../src/services/photos';
import { caseGroups } from '../../src/services/photo-groups';
import { callbackCodec } from '../flows/callback-codec';
import { defineFlow } from '../flows/flow';
import { className } from '../views/owner/text';
import { actFor, cancelFlow, caseFromArg, commandArg, replyRefusal, staleTap } from './officer-common';

/**
 * `/photo <case>` — the keeper adds or replaces the photo of one group of a register entry, after the entry was made
 * (a photo forgotten at registration, a better one, the wrong animal photographed): the keeper sends the photo, then
 * taps the group it shows. The new photo is fetched and kept like a registration's (src/services/photos.ts), the
 * change is audited (photo.add / photo.replace, with the previous photo's id), and the card, the public case page and
 * the printed notice show it once it is stored (a refused file leaves them showing the group's previous photo).
 */
export const photoCommandFeature = new Composer<BotContext>();

const photoFlow = defineFlow('keeper_photo', {
  steps: ['photo', 'group'],
  data: z.object({ caseId: z.number().int(), number: z.string(), fileId: z.string().optional() }),
});

const photoCb = {
  group: callbackCodec('kp|g', ['group:int']),
  cancel: callbackCodec('kp|x'),
};

photoCommandFeature.command('photo', async (ctx) => {
  const c = await caseFromArg(ctx, commandArg(ctx), 'photos:keeper.usage');
  if (!c) return;
  if (!(await actFor(ctx, 'seizure.register', c))) return;
  photoFlow.enter(ctx, 'photo', { caseId: c.id, number: c.number });
  await ctx.reply(ctx.t('photos:keeper.send', { number: c.number }), {
    reply_markup: new InlineKeyboard().text(ctx.t('common:cancel'), photoCb.cancel.encode(ctx, {})),
  });
});

photoFlow.tap(photoCommandFeature, photoCb.cancel, [], cancelFlow);

// Telegram sends several sizes of one photo; the last is the largest.
photoFlow.messages(
  photoCommandFeature,
  'message:photo',
  {
    photo: async (ctx, d) => {
      const fileId = ctx.msg.photo[ctx.msg.photo.length - 1]!.file_id;
      const groups = await caseGroups(ctx.deps.db, d.caseId);
      photoFlow.enter(ctx, 'group', { ...d, fileId });
      const kb = new InlineKeyboard();
      groups.forEach((g, i) => {
        const label = ctx.t(g.photoId ? 'photos:keeper.group_button_has' : 'photos:keeper.group_button', {
          n: i + 1,
          count: g.count,
          cls: className(ctx, g.cattleClass, g.count),
          description: g.description,
        });
        kb.text(
          label.length > 60 ? `${label.slice(0, 59)}…` : label,
          photoCb.group.encode(ctx, { group: i + 1 }),
        ).row();
      });
      kb.text(ctx.t('common:cancel'), photoCb.cancel.encode(ctx, {}));
      await ctx.reply(ctx.t('photos:keeper.which', { number: d.number }), { reply_markup: kb });
    },
  },
  (ctx) => ctx.reply(ctx.t('photos:keeper.one_photo')),
);

photoFlow.texts(photoCommandFeature, {
  photo: (ctx) => ctx.reply(ctx.t('photos:keeper.send_photo_not_text')),
  group: (ctx) => ctx.reply(ctx.t('staff:register.use_buttons')),
});

photoFlow.tap(photoCommandFeature, photoCb.group, 'group', async (ctx, { group }, d) => {
  if (!d.fileId) return staleTap(ctx);
  photoFlow.leave(ctx);
  try {
    const r = await replaceGroupPhoto(ctx.deps.db, {
      caseId: d.caseId,
      group,
      fileId: d.fileId,
      actor: ctx.actor,
      now: ctx.deps.clock.now(),
    });
    await ctx.reply(
      ctx.t(r.previous ? 'photos:keeper.replaced' : 'photos:keeper.added', {
        n: group,
        number: d.number,
        count: r.group.count,
        cls: className(ctx, r.group.cattleClass, r.group.count),
        description: r.group.description,
      }),
    );
  } catch (e) {
    await replyRefusal(ctx, e, { number: d.number });
  }
});
