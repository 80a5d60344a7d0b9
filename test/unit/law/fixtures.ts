import type { FeedingRateRow, FineScaleRow, LawRules, Pound, SecurityScaleRow } from '../../../src/law';

/** An instant given as India wall-clock time, e.g. ist('2026-05-31T11:00'). */
export function ist(wallClock: string): Date {
  const withSeconds = wallClock.length === 16 ? `${wallClock}:00` : wallClock;
  return new Date(`${withSeconds}+05:30`);
}

/** Rajasthan pound in the Jaipur local area (the demo district). */
export const JAI1: Pound = { code: 'JAI1', state: 'RJ', area: 'RJ-JAIPUR' };
/** Another pound of the same area (area-level rates, no pound-specific order). */
export const JAI2: Pound = { code: 'JAI2', state: 'RJ', area: 'RJ-JAIPUR' };
/** Maharashtra pound (s. 16 substituted by Bombay Act XIII of 1959; s. 12A security). */
export const PUN1: Pound = { code: 'PUN1', state: 'MH', area: 'MH-PUNE' };

/**
 * s. 12 scales (paise per head):
 *   RJ-JAIPUR, notification RJ/2020/1 from 2020-01-01: cow 5000, buffalo 7500, goat 2000, calf 2500, horse 6000
 *   RJ-JAIPUR, notification RJ/2026/7 from 2026-06-01: cow 6000 (supersedes the 2020 cow row)
 *   MH-PUNE,   notification MH/2021/3 from 2021-01-01: cow 4000, buffalo 5000
 */
export const FINE_SCALE: FineScaleRow[] = [
  {
    id: 'f-cow-2020',
    state: 'RJ',
    area: 'RJ-JAIPUR',
    cattleClass: 'cow',
    effectiveFrom: '2020-01-01',
    paisePerHead: 5000,
    notification: 'RJ/2020/1',
  },
  {
    id: 'f-buf-2020',
    state: 'RJ',
    area: 'RJ-JAIPUR',
    cattleClass: 'buffalo',
    effectiveFrom: '2020-01-01',
    paisePerHead: 7500,
    notification: 'RJ/2020/1',
  },
  {
    id: 'f-goat-2020',
    state: 'RJ',
    area: 'RJ-JAIPUR',
    cattleClass: 'goat',
    effectiveFrom: '2020-01-01',
    paisePerHead: 2000,
    notification: 'RJ/2020/1',
  },
  {
    id: 'f-calf-2020',
    state: 'RJ',
    area: 'RJ-JAIPUR',
    cattleClass: 'calf',
    effectiveFrom: '2020-01-01',
    paisePerHead: 2500,
    notification: 'RJ/2020/1',
  },
  {
    id: 'f-horse-2020',
    state: 'RJ',
    area: 'RJ-JAIPUR',
    cattleClass: 'horse',
    effectiveFrom: '2020-01-01',
    paisePerHead: 6000,
    notification: 'RJ/2020/1',
  },
  {
    id: 'f-cow-2026',
    state: 'RJ',
    area: 'RJ-JAIPUR',
    cattleClass: 'cow',
    effectiveFrom: '2026-06-01',
    paisePerHead: 6000,
    notification: 'RJ/2026/7',
  },
  {
    id: 'f-mh-cow',
    state: 'MH',
    area: 'MH-PUNE',
    cattleClass: 'cow',
    effectiveFrom: '2021-01-01',
    paisePerHead: 4000,
    notification: 'MH/2021/3',
  },
  {
    id: 'f-mh-buf',
    state: 'MH',
    area: 'MH-PUNE',
    cattleClass: 'buffalo',
    effectiveFrom: '2021-01-01',
    paisePerHead: 5000,
    notification: 'MH/2021/3',
  },
];

/**
 * s. 5 feeding and watering (paise per head per day):
 *   area RJ-JAIPUR, DM order JPR/5/2019 from 2019-04-01: cow 3000, buffalo 4000, goat 1000, calf 1500
 *   pound JAI1 only, DM order JPR/5/2026 from 2026-10-01: cow 3500 (JAI2 stays at the area rate)
 *   (no feeding rate for horses: a horse case must fail with RATE_MISSING)
 *   pound PUN1, order PUN/1/2021 from 2021-01-01: cow 2500, buffalo 3000
 */
export const FEEDING_RATES: FeedingRateRow[] = [
  {
    id: 'r-cow',
    area: 'RJ-JAIPUR',
    state: 'RJ',
    cattleClass: 'cow',
    effectiveFrom: '2019-04-01',
    paisePerDay: 3000,
    order: 'JPR/5/2019',
  },
  {
    id: 'r-buf',
    area: 'RJ-JAIPUR',
    state: 'RJ',
    cattleClass: 'buffalo',
    effectiveFrom: '2019-04-01',
    paisePerDay: 4000,
    order: 'JPR/5/2019',
  },
  {
    id: 'r-goat',
    area: 'RJ-JAIPUR',
    state: 'RJ',
    cattleClass: 'goat',
    effectiveFrom: '2019-04-01',
    paisePerDay: 1000,
    order: 'JPR/5/2019',
  },
  {
    id: 'r-calf',
    area: 'RJ-JAIPUR',
    state: 'RJ',
    cattleClass: 'calf',
    effectiveFrom: '2019-04-01',
    paisePerDay: 1500,
    order: 'JPR/5/2019',
  },
  {
    id: 'r-jai1-cow-2026',
    poundCode: 'JAI1',
    cattleClass: 'cow',
    effectiveFrom: '2026-10-01',
    paisePerDay: 3500,
    order: 'JPR/5/2026',
  },
  {
    id: 'r-pun-cow',
    poundCode: 'PUN1',
    cattleClass: 'cow',
    effectiveFrom: '2021-01-01',
    paisePerDay: 2500,
    order: 'PUN/1/2021',
  },
  {
    id: 'r-pun-buf',
    poundCode: 'PUN1',
    cattleClass: 'buffalo',
    effectiveFrom: '2021-01-01',
    paisePerDay: 3000,
    order: 'PUN/1/2021',
  },
];

/** s. 12A (MH) security, state-wide: cow 10000, buffalo 12000 per head. */
export const SECURITY_SCALE: SecurityScaleRow[] = [
  {
    id: 's-mh-cow',
    state: 'MH',
    cattleClass: 'cow',
    effectiveFrom: '2021-01-01',
    paisePerHead: 10000,
    notification: 'MH-12A/2021',
  },
  {
    id: 's-mh-buf',
    state: 'MH',
    area: '*',
    cattleClass: 'buffalo',
    effectiveFrom: '2021-01-01',
    paisePerHead: 12000,
    notification: 'MH-12A/2021',
  },
];

export const RULES: LawRules = { fineScale: FINE_SCALE, feedingRates: FEEDING_RATES, securityScale: SECURITY_SCALE };
