import { z } from 'zod';
import { callbackCodec } from '../flows/callback-codec';
import { defineFlow } from '../flows/flow';
import { PAPER_QUESTION_STEPS } from './register-paper';

// The `/register` flow's steps and the draft it carries between them (bot/flows/flow.ts), and its buttons: the s. 8
// entry's questions are asked in register-seizure.ts, the steps taken on paper in register-paper.ts, and nothing is
// written until "Register" (register-entry.ts).

const int = z.number().int();
const text = z.string();
export const registerFlow = defineFlow('register', {
  right: 'seizure.register',
  steps: [
    'pound',
    'class',
    'count',
    'desc',
    'photo',
    'more',
    'when',
    'seized',
    'seizer_name',
    'seizer_res',
    'owner_name',
    'owner_res',
    'mobile',
    'mobile_language',
    'place',
    'confirm',
    ...PAPER_QUESTION_STEPS,
  ],
  data: z.object({
    poundId: int.optional(),
    groups: z.array(
      z.object({ cattleClass: text, count: int, descriptions: z.array(text), photoFileId: text.nullable().optional() }),
    ),
    cls: text.optional(),
    count: int.optional(),
    descriptions: z.array(text).optional(),
    impoundedAt: text.optional(),
    // s. 14 steps already taken on paper (register-paper.ts): ISO times; present and empty when none was.
    paper: z
      .object({ report: text.optional(), notice: text.optional(), village: text.optional(), market: text.optional() })
      .optional(),
    seizedAt: text.optional(),
    seizerName: text.optional(),
    seizerResidence: text.optional(),
    ownerName: text.nullable().optional(),
    ownerResidence: text.nullable().optional(),
    placeOfSeizure: text.optional(),
    // The owner's mobile for SMS, only ever sealed (encrypted) here: pending until its SMS language is tapped.
    mobilePending: z.object({ cipher: text, numberTag: text, last4: text }).optional(),
    mobile: z.object({ cipher: text, numberTag: text, last4: text, language: z.enum(['hi', 'en']) }).optional(),
  }),
});
export type RegisterDraft = NonNullable<ReturnType<typeof registerFlow.data>>;
export type RegisterFlow = typeof registerFlow;

export const registerCb = {
  pound: callbackCodec('rg|pound', ['poundId:int']),
  cattleClass: callbackCodec('rg|cls', ['code:str']),
  noPhoto: callbackCodec('rg|nophoto'),
  more: callbackCodec('rg|more'),
  done: callbackCodec('rg|done'),
  now: callbackCodec('rg|now'),
  seizedSame: callbackCodec('rg|seizedsame'),
  ownerUnknown: callbackCodec('rg|noowner'),
  save: callbackCodec('rg|save'),
  skipMobile: callbackCodec('rg|nomob'),
  mobileLanguage: callbackCodec('rg|mlg', ['choice:str']),
  cancel: callbackCodec('rg|cancel'),
};
