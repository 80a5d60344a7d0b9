// The staff desk's read models, one file per view; callers import them from here.
export { deskPounds, deskUrl, OPEN_STATUSES, seesDistrict, type DeskPound } from './pounds';
export * from './register';
export * from './entry';
export * from './today';
export * from './money';
export * from './district';
export * from './documents';
export * from './books';
export * from './photo';
