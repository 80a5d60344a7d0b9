// Open pound data (docs/OPEN-DATA.md): the public figures of each district and pound — counts and sums only, a cell
// of fewer than three register entries published as "< 3" — from a daily snapshot and the day so far.
export {
  FIGURES,
  MIN_CASES,
  SUPPRESSED,
  WITHHELD,
  publish,
  type Cell,
  type Cells,
  type FigureDef,
  type Published,
} from './figures';
export {
  districts,
  districtStats,
  poundStats,
  statsByCode,
  poundCodeOf,
  GLANCE,
  type DistrictEntry,
  type ReadOptions,
  type Named,
  type StatsView,
} from './read';
export { statsCsv } from './csv';
export { stockCells } from './compute';
export { districtRelations } from './table';
export { determined, secondaryCells, type Relation } from './secondary';
export {
  MONTHS,
  OPEN_DATA_STEP,
  planSnapshotOnStart,
  takeSnapshot,
  type SnapshotResult,
} from './snapshot';
