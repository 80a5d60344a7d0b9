/**
 * The classes of "cattle" in s. 3 of the Act, in the order the section lists them, with stable
 * lowercase codes. Fee scales and feeding rates are keyed by these codes. The Hindi/English names
 * shown to users live in the bot's i18n files under `cattle.<code>`.
 */
export const CATTLE_CLASS_CODES = [
  'elephant',
  'camel',
  'buffalo',
  'horse',
  'mare',
  'gelding',
  'pony',
  'colt',
  'filly',
  'mule',
  'ass',
  'pig',
  'ram',
  'ewe',
  'sheep',
  'lamb',
  'goat',
  'kid',
  'bull',
  'bullock',
  'cow',
  'heifer',
  'calf',
] as const;

/** A cattle class code from s. 3. */
export type CattleClassCode = (typeof CATTLE_CLASS_CODES)[number];

/** One s. 3 class: its code and the word the Act uses (plural, as enacted). */
export interface CattleClassDef {
  readonly code: CattleClassCode;
  readonly s3Word: string;
}

const S3_WORDS: Record<CattleClassCode, string> = {
  elephant: 'elephants',
  camel: 'camels',
  buffalo: 'buffaloes',
  horse: 'horses',
  mare: 'mares',
  gelding: 'geldings',
  pony: 'ponies',
  colt: 'colts',
  filly: 'fillies',
  mule: 'mules',
  ass: 'asses',
  pig: 'pigs',
  ram: 'rams',
  ewe: 'ewes',
  sheep: 'sheep',
  lamb: 'lambs',
  goat: 'goats',
  kid: 'kids',
  bull: 'bulls',
  bullock: 'bullocks',
  cow: 'cows',
  heifer: 'heifers',
  calf: 'calves',
};

/** The s. 3 class list as data. */
export const CATTLE_CLASSES: readonly CattleClassDef[] = CATTLE_CLASS_CODES.map((code) => ({
  code,
  s3Word: S3_WORDS[code],
}));
