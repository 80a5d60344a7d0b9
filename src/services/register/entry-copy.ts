import type { Translate } from '../../i18n';

/** The facts of a register entry its copy (s. 8) states. */
export interface EntryCopyFacts {
  number: string;
  impoundedAt: Date;
  seizedAt: Date | null;
  seizerName: string;
  seizerResidence: string;
  ownerName: string | null;
  ownerResidence: string | null;
  placeOfSeizure: string;
  heads: Array<{ index: number; cattleClass: string; description: string }>;
}

/**
 * The copy of a register entry (s. 8: (a) the cattle, (b) the day and hour, (c) the seizer, (d) the owner) in the
 * reader's language: what the keeper gets in the chat when he registers a seizure, and the seizer's copy the desk
 * prints. Heads are listed in groups of the same kind and description with their register numbers; past `maxChars`
 * (a Telegram message's limit) the list is cut and says how many groups are left out.
 */
export function entryCopyText(t: Translate, c: EntryCopyFacts, poundName: string, maxChars = Infinity): string {
  const groups = new Map<string, { cls: string; description: string; indexes: number[] }>();
  for (const h of c.heads) {
    const key = `${h.cattleClass}\u0000${h.description}`;
    const g = groups.get(key) ?? { cls: h.cattleClass, description: h.description, indexes: [] };
    g.indexes.push(h.index);
    groups.set(key, g);
  }
  const lines: string[] = [];
  let used = 0;
  let shown = 0;
  const all = [...groups.values()];
  for (const g of all) {
    const single = g.indexes.length === 1;
    const line = t(single ? 'staff:register.copy_line_single' : 'staff:register.copy_line', {
      n: g.indexes.length,
      cls: t(`common:cattle.${g.cls}`),
      description: g.description,
      from: g.indexes[0],
      to: g.indexes[g.indexes.length - 1],
    });
    if (used + line.length > maxChars - 600) break;
    lines.push(line);
    used += line.length + 1;
    shown++;
  }
  if (shown < all.length) lines.push(t('staff:register.copy_more', { n: all.length - shown }));
  const unknown = t('staff:register.not_known');
  return t('staff:register.copy', {
    number: c.number,
    pound: poundName,
    heads: c.heads.length,
    cattle: lines.join('\n'),
    at: c.impoundedAt.toISOString(),
    seized: (c.seizedAt ?? c.impoundedAt).toISOString(),
    seizer: `${c.seizerName}, ${c.seizerResidence}`,
    owner: c.ownerName ? [c.ownerName, c.ownerResidence].filter(Boolean).join(', ') : unknown,
    place: c.placeOfSeizure,
  });
}
