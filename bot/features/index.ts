import type { Composer } from 'grammy';
import type { BotContext } from '../context';
import { unhandledFeature } from './unhandled';

/**
 * Every flow of the bot, in the order they get a chance at an update. Add a feature here;
 * `unhandledFeature` stays last.
 */
export const features: Composer<BotContext>[] = [];

export const lastFeature = unhandledFeature;
