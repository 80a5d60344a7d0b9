import { z } from 'zod';
import { defineFlow } from '../../flows/flow';

/** The `/sale` flow's draft: the heads in the pound, the admitted bidders and the answers so far. */
const id = z.number().int();
export const saleFlow = defineFlow('sale', {
  steps: ['head', 'price', 'expenses', 'owner', 'confirm'],
  data: z.object({
    caseId: id,
    number: z.string(),
    s16: z.boolean(),
    round: id,
    heads: z.array(z.object({ id, index: id, cls: z.string(), desc: z.string() })),
    bidders: z.array(z.object({ id, n: id, name: z.string() })),
    /** The head being asked about (its position in `heads`). */
    i: id,
    bids: z.array(z.object({ headId: id, bidderId: id, pricePaise: id })),
    pendingBidder: id.optional(),
    expenses: id.optional(),
    ownerPresent: z.boolean().optional(),
  }),
});
export type SaleDraft = NonNullable<ReturnType<typeof saleFlow.data>>;
