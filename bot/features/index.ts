import type { Composer } from 'grammy';
import type { BotContext } from '../context';
import { confirmPaymentFeature } from './confirm-payment';
import { enrolFeature } from './enrol';
import { pendingFeature } from './pending';
import { registerExportFeature } from './register-export';
import { registerSeizureFeature } from './register-seizure';
import { releaseFeature } from './release';
import { unhandledFeature } from './unhandled';

/**
 * Every flow of the bot, in the order they get a chance at an update. Add a feature here;
 * `unhandledFeature` stays last.
 */
export const features: Composer<BotContext>[] = [
  // Staff flows, part A. enrol before the owners' /start (it passes other payloads on); register-seizure
  // early, because it also makes any command leave a staff flow that is in progress.
  enrolFeature,
  registerSeizureFeature,
  confirmPaymentFeature,
  pendingFeature,
  releaseFeature,
  registerExportFeature,
];

export const lastFeature = unhandledFeature;
