import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db';
import { seedDemo } from '../../src/db/seed';

/** Seeds the demo district (pounds JAI1, JAI2, PUN1, fee scales, four cases). */
export function seed(db: Db, now: Date) {
  return seedDemo(db, now);
}

/**
 * Binds a Telegram user id to a staff role for some pounds, as an enrolment would, without going through
 * the /start enrol_<code> flow (tests of that flow do it for real).
 */
export async function enrolStaff(
  db: Db,
  telegramUserId: number,
  role: 'POUND_KEEPER' | 'OFFICER' | 'MAGISTRATE' | 'ADMIN',
  poundCodes: string[],
  name = `${role} ${telegramUserId}`,
) {
  const id = BigInt(telegramUserId);
  await db.telegramUser.upsert({ where: { id }, create: { id, firstName: name }, update: {} });
  const code = await db.enrolmentCode.create({
    data: {
      codeHash: `fixture-${randomUUID()}`,
      role,
      poundCodes,
      name,
      expiresAt: new Date(Date.now() + 86_400_000),
      usedAt: new Date(),
    },
  });
  const pounds = await db.pound.findMany({ where: { code: { in: poundCodes } } });
  return db.staffMember.create({
    data: {
      telegramUserId: id,
      role,
      name,
      enrolmentCodeId: code.id,
      pounds: { create: pounds.map((p) => ({ poundId: p.id })) },
    },
    include: { pounds: true },
  });
}

/**
 * Enrols officials (at JAI1 unless `pounds` says otherwise), each reading in `lang` when given: what they are
 * sent is checked in that language.
 */
export async function enrolOfficials(
  db: Db,
  officials: ReadonlyArray<{
    id: number;
    role: Parameters<typeof enrolStaff>[2];
    lang?: 'en' | 'hi';
    pounds?: string[];
  }>,
) {
  for (const o of officials) await enrolStaff(db, o.id, o.role, o.pounds ?? ['JAI1']);
  for (const o of officials)
    if (o.lang) await db.telegramUser.update({ where: { id: BigInt(o.id) }, data: { language: o.lang } });
}
