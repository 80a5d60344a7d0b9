import type { Db } from './client';
import { allocateCaseNumber, villageKey } from '../services/case-numbers';
import { searchKeysOf } from '../services/owner-text';
import { addStoredPhoto } from '../services/photos';
import { photoGroups } from '../services/photo-groups';
import { samplePhotoPng } from '../services/sample-photo';

// Demo data: a Jaipur district with two pounds and a Pune pound (Maharashtra, s. 12A security).
// The amounts are illustrative, not any State's actual notification.

/** Per-head s. 12 scale (paise) for the demo area: before 1 June 2026 ("fine") and from then ("penalty"). */
const FINE_SCALE: Record<string, [number, number]> = {
  elephant: [50000, 100000],
  camel: [20000, 40000],
  buffalo: [10000, 20000],
  bull: [10000, 20000],
  bullock: [10000, 20000],
  cow: [5000, 10000],
  heifer: [5000, 10000],
  calf: [2500, 5000],
  horse: [15000, 30000],
  mare: [15000, 30000],
  gelding: [15000, 30000],
  pony: [10000, 20000],
  colt: [7500, 15000],
  filly: [7500, 15000],
  mule: [10000, 20000],
  ass: [5000, 10000],
  pig: [5000, 10000],
  ram: [2000, 4000],
  ewe: [2000, 4000],
  sheep: [2000, 4000],
  lamb: [1000, 2000],
  goat: [2000, 4000],
  kid: [1000, 2000],
};

/** s. 5 feeding and watering per head per day (paise): until 30 Sep 2026, and from 1 Oct 2026. */
const FEEDING: Record<string, [number, number]> = {
  elephant: [150000, 160000],
  camel: [12000, 13000],
  buffalo: [8000, 9000],
  bull: [8000, 9000],
  bullock: [8000, 9000],
  cow: [6000, 7000],
  heifer: [5000, 6000],
  calf: [3000, 3500],
  horse: [9000, 10000],
  mare: [9000, 10000],
  gelding: [9000, 10000],
  pony: [6000, 7000],
  colt: [5000, 5500],
  filly: [5000, 5500],
  mule: [7000, 8000],
  ass: [4000, 4500],
  pig: [3000, 3500],
  ram: [2500, 3000],
  ewe: [2500, 3000],
  sheep: [2500, 3000],
  lamb: [1500, 2000],
  goat: [2500, 3000],
  kid: [1500, 2000],
};

const d = (s: string) => new Date(`${s}T00:00:00Z`);

export interface SeedResult {
  pounds: string[];
  cases: string[];
}

/** Colours of the demo cases' sample photos, per class (the pictures are drawn by samplePhotoPng, nothing downloaded). */
const SAMPLE_COLOUR: Record<string, [number, number, number]> = {
  buffalo: [35, 35, 38],
  cow: [150, 88, 40],
  goat: [244, 244, 240],
  kid: [120, 75, 40],
  bullock: [160, 160, 165],
};

/** Options of seedDemo. */
export interface SeedOptions {
  /**
   * Give each demo case's groups a sample photo (a small PNG drawn in code), as the local chat and `npm start` show
   * them. Off for the suites that compare messages of the demo cases word for word.
   */
  photos?: boolean;
}

/** Loads the demo district; running it again changes nothing (everything is keyed by its code). */
export async function seedDemo(db: Db, now: Date, options: SeedOptions = {}): Promise<SeedResult> {
  await db.state.upsert({
    where: { code: 'RJ' },
    create: { code: 'RJ', name: 'Rajasthan', nameHi: 'राजस्थान' },
    update: {},
  });
  await db.state.upsert({
    where: { code: 'MH' },
    create: { code: 'MH', name: 'Maharashtra', nameHi: 'महाराष्ट्र' },
    update: {},
  });
  const jaipur = await db.area.upsert({
    where: { code: 'RJ-JAIPUR' },
    create: { code: 'RJ-JAIPUR', name: 'Jaipur', nameHi: 'जयपुर', stateCode: 'RJ' },
    update: {},
  });
  const pune = await db.area.upsert({
    where: { code: 'MH-PUNE' },
    create: { code: 'MH-PUNE', name: 'Pune', nameHi: 'पुणे', stateCode: 'MH' },
    update: {},
  });

  const pounds = [
    {
      code: 'JAI1',
      name: 'Amer Pound',
      nameHi: 'आमेर कांजी हाउस',
      areaId: jaipur.id,
      address: 'Near Tehsil Office, Amer, Jaipur',
      policeStation: 'Amer Police Station',
      nearestMarket: 'Amer Haat',
      upiId: 'amerpound.jaipur@sbi',
      upiPayeeName: 'Pound Keeper Amer (Govt)',
      openingHours: '8 am to 6 pm, every day',
      openingHoursHi: 'रोज़ सुबह 8 बजे से शाम 6 बजे तक',
      latitude: 26.9855,
      longitude: 75.8513,
      publicPhone: '0141 253 0100',
    },
    {
      code: 'JAI2',
      name: 'Chomu Pound',
      nameHi: 'चौमूं कांजी हाउस',
      areaId: jaipur.id,
      address: 'Station Road, Chomu, Jaipur',
      policeStation: 'Chomu Police Station',
      nearestMarket: 'Chomu Mandi',
      upiId: 'chomupound.jaipur@sbi',
      upiPayeeName: 'Pound Keeper Chomu (Govt)',
      openingHours: '9 am to 5 pm, closed on Sunday',
      openingHoursHi: 'सुबह 9 बजे से शाम 5 बजे तक, रविवार बंद',
      latitude: 27.1665,
      longitude: 75.7229,
      publicPhone: '01423 221 100',
    },
    {
      code: 'PUN1',
      name: 'Haveli Pound',
      nameHi: 'हवेली कांजी हाउस',
      areaId: pune.id,
      address: 'Panchayat Samiti, Haveli, Pune',
      policeStation: 'Haveli Police Station',
      nearestMarket: 'Loni Kalbhor Bazaar',
      upiId: 'havelipound.pune@mahagov',
      upiPayeeName: 'Pound Keeper Haveli (Govt)',
      openingHours: '10 am to 5 pm, Monday to Saturday',
      openingHoursHi: 'सोमवार से शनिवार, सुबह 10 बजे से शाम 5 बजे तक',
      latitude: 18.4906,
      longitude: 74.0244,
      publicPhone: '020 2691 0100',
    },
  ];
  for (const p of pounds) await db.pound.upsert({ where: { code: p.code }, create: p, update: {} });
  const byCode = Object.fromEntries((await db.pound.findMany()).map((p) => [p.code, p]));

  for (const area of [jaipur, pune]) {
    for (const [cls, [before, after]] of Object.entries(FINE_SCALE)) {
      const rows = [
        {
          effectiveFrom: d('2020-01-01'),
          effectiveTo: d('2026-05-31'),
          paisePerHead: before,
          notification: `Demo notification ${area.code}/2020 (s. 12 fines)`,
        },
        {
          effectiveFrom: d('2026-06-01'),
          effectiveTo: null,
          paisePerHead: after,
          notification: `Demo notification ${area.code}/2026 (s. 12 scale)`,
        },
      ];
      for (const r of rows) {
        await db.fineScale.upsert({
          where: {
            areaId_cattleClass_effectiveFrom: { areaId: area.id, cattleClass: cls, effectiveFrom: r.effectiveFrom },
          },
          create: { areaId: area.id, cattleClass: cls, ...r },
          update: {},
        });
      }
    }
  }
  // s. 16 order of deductions (the Act sets none): a demo order for Pune from 1 April 2027 that pays the
  // pound-keeper's feeding charges before the penalties; elsewhere, and before then, the default applies.
  await db.deductionOrder.upsert({
    where: { areaId_effectiveFrom: { areaId: pune.id, effectiveFrom: d('2027-04-01') } },
    create: {
      areaId: pune.id,
      effectiveFrom: d('2027-04-01'),
      kinds: ['sale_expenses', 'feeding', 'fine', 'security'],
      reference: 'Demo Collector Pune circular 2/2027 (s. 16 order of deductions)',
    },
    update: {},
  });
  for (const p of Object.values(byCode)) {
    for (const [cls, [until, from]] of Object.entries(FEEDING)) {
      const rows = [
        {
          effectiveFrom: d('2020-01-01'),
          effectiveTo: d('2026-09-30'),
          paisePerDay: until,
          orderRef: `DM order ${p.code}/2020 (s. 5)`,
        },
        {
          effectiveFrom: d('2026-10-01'),
          effectiveTo: null,
          paisePerDay: from,
          orderRef: `DM order ${p.code}/2026-10 (s. 5)`,
        },
      ];
      for (const r of rows) {
        await db.feedingRate.upsert({
          where: {
            poundId_cattleClass_effectiveFrom: { poundId: p.id, cattleClass: cls, effectiveFrom: r.effectiveFrom },
          },
          create: { poundId: p.id, cattleClass: cls, ...r },
          update: {},
        });
      }
    }
  }
  for (const [cls, [before]] of Object.entries(FINE_SCALE)) {
    await db.securityScale.upsert({
      where: {
        stateCode_cattleClass_effectiveFrom: { stateCode: 'MH', cattleClass: cls, effectiveFrom: d('2020-01-01') },
      },
      create: {
        stateCode: 'MH',
        cattleClass: cls,
        effectiveFrom: d('2020-01-01'),
        paisePerHead: before,
        reference: 'Bombay Act XIII of 1959, s. 12A (demo amount)',
      },
      update: {},
    });
  }

  // Demo cases, dated relative to now so the statutory clock shows something at once.
  const demoCases = [
    {
      pound: 'JAI1',
      daysAgo: 2,
      place: 'Kunda',
      heads: [
        { cls: 'buffalo', desc: 'black, curved horns' },
        { cls: 'buffalo', desc: 'black, white patch on forehead' },
      ],
    },
    { pound: 'JAI1', daysAgo: 9, place: 'Nangal', heads: [{ cls: 'cow', desc: 'brown Rathi cow, ear tag 4411' }] },
    {
      pound: 'JAI2',
      daysAgo: 1,
      place: 'Samod',
      heads: [
        { cls: 'goat', desc: 'white with black ears' },
        { cls: 'goat', desc: 'white with black ears' },
        { cls: 'kid', desc: 'brown' },
      ],
    },
    { pound: 'PUN1', daysAgo: 3, place: 'Loni Kalbhor', heads: [{ cls: 'bullock', desc: 'Khillar bullock, grey' }] },
  ];
  const created: string[] = [];
  const existing = await db.case.count();
  if (existing === 0) {
    for (const c of demoCases) {
      const pound = byCode[c.pound]!;
      const impoundedAt = new Date(now.getTime() - c.daysAgo * 86_400_000);
      const year = Number(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(impoundedAt),
      );
      await db.$transaction(async (tx) => {
        const { number, seq } = await allocateCaseNumber(tx, pound, year);
        const made = await tx.case.create({
          data: {
            number,
            poundId: pound.id,
            year,
            seq,
            impoundedAt,
            placeOfSeizure: c.place,
            villageKey: villageKey(c.place),
            searchKeys: searchKeysOf(
              c.place,
              c.heads.map((h) => h.desc),
            ),
            seizerName: 'Demo Seizer',
            seizerResidence: c.place,
            registeredAt: impoundedAt,
            heads: { create: c.heads.map((h, i) => ({ index: i + 1, cattleClass: h.cls, description: h.desc })) },
          },
          include: { heads: { orderBy: { index: 'asc' } } },
        });
        if (options.photos) {
          // One sample photo per group (class and description), as a keeper photographs each group at registration.
          for (const [i, g] of photoGroups(made.heads).entries()) {
            const bytes = samplePhotoPng(SAMPLE_COLOUR[g.cattleClass] ?? [90, 60, 30], made.id + i);
            const photoId = await addStoredPhoto(tx, { caseId: made.id, bytes, source: 'register', now: impoundedAt });
            await tx.head.updateMany({ where: { id: { in: g.headIds } }, data: { photoId } });
          }
        }
        created.push(number);
      });
    }
  }
  return { pounds: Object.keys(byCode), cases: created };
}
