import type { Tx } from './outbox';

/**
 * Allocates the next case number for a pound and year: "JAI1-2026-17" (pound code, year, serial).
 * The counter row is bumped with an atomic UPDATE ... RETURNING inside the caller's transaction,
 * so two keepers registering at once get different serials.
 */
export async function allocateCaseNumber(
  tx: Tx,
  pound: { id: number; code: string },
  year: number,
): Promise<{ number: string; seq: number }> {
  await tx.caseCounter.createMany({ data: [{ poundId: pound.id, year, next: 1 }], skipDuplicates: true });
  const counter = await tx.caseCounter.update({
    where: { poundId_year: { poundId: pound.id, year } },
    data: { next: { increment: 1 } },
  });
  const seq = counter.next - 1;
  return { number: `${pound.code}-${year}-${seq}`, seq };
}

/** Normalises a village or place name for matching: lower case, single spaces, no punctuation. */
export function villageKey(place: string): string {
  return place
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}
