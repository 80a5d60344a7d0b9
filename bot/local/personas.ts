import type { Db } from '../../src/db';
import { issueEnrolmentCode, redeemEnrolmentCode, type StaffRoleCode } from '../../src/services/staff';

/** The people you can be in the local chat. */
export const PERSONA_NAMES = ['owner', 'keeper', 'officer', 'magistrate'] as const;
export type PersonaName = (typeof PERSONA_NAMES)[number];

/** A persona: a Telegram user of its own (its private chat has the same id), enrolled in a staff role or not. */
export interface Persona {
  name: PersonaName;
  userId: number;
  /** Telegram first name (data the bot receives, like a real user's profile name). */
  firstName: string;
  role?: StaffRoleCode;
}

/** The demo pound the staff personas are enrolled for (seeded by src/db/seed.ts). */
export const DEMO_POUND = 'JAI1';

// Ids far above the ones the tests use, and stable, so a second start finds the same people.
export const PERSONAS: Record<PersonaName, Persona> = {
  owner: { name: 'owner', userId: 910000001, firstName: 'Ramesh' },
  keeper: { name: 'keeper', userId: 910000002, firstName: 'Suresh', role: 'POUND_KEEPER' },
  officer: { name: 'officer', userId: 910000003, firstName: 'Meena', role: 'OFFICER' },
  magistrate: { name: 'magistrate', userId: 910000004, firstName: 'Anjali', role: 'MAGISTRATE' },
};

/** The persona whose private chat (= user id) this is, if any. */
export function personaByChat(chatId: number): Persona | undefined {
  return Object.values(PERSONAS).find((p) => p.userId === chatId);
}

/** Reads "owner", "keeper", "pound-keeper", "officer", "magistrate"/"dm" (any case); undefined otherwise. */
export function parsePersona(input: string): PersonaName | undefined {
  const v = input.trim().toLowerCase();
  if ((PERSONA_NAMES as readonly string[]).includes(v)) return v as PersonaName;
  if (v === 'pound-keeper' || v === 'poundkeeper') return 'keeper';
  if (v === 'dm') return 'magistrate';
  return undefined;
}

/**
 * Makes every persona a Telegram user with the demo language, and enrols the staff personas for the demo
 * pound through the real enrolment service (a single-use code issued and redeemed at once, as an
 * administrator and the new staff member would). Idempotent by persona user id and role: a second start
 * finds the grants and issues nothing.
 */
export async function enrolPersonas(db: Db, languageCode: string, now: Date): Promise<void> {
  for (const p of Object.values(PERSONAS)) {
    const id = BigInt(p.userId);
    await db.telegramUser.upsert({ where: { id }, create: { id, firstName: p.firstName, languageCode }, update: {} });
    await db.telegramUser.updateMany({ where: { id, languageCode: null }, data: { languageCode } });
    if (!p.role) continue;
    const existing = await db.staffMember.findFirst({ where: { telegramUserId: id, role: p.role, revokedAt: null } });
    if (existing) continue;
    const { code } = await issueEnrolmentCode(db, {
      role: p.role,
      poundCodes: [DEMO_POUND],
      name: p.firstName,
      ttlHours: 1,
      now,
    });
    await redeemEnrolmentCode(db, {
      code,
      telegramId: id,
      firstName: p.firstName,
      chatId: p.userId,
      messageId: 0,
      now,
    });
  }
}
