// The s. 7 register and its s. 8 entries: the seizure entered (seizure.ts), the copy of an entry (entry-copy.ts),
// an entry brought in from the paper register with the s. 14 steps taken on paper (back-entry.ts, paper-serial.ts, the CSV
// import in import.ts and its words in import-words.ts), and the register read out (rows.ts, export.ts, format.ts).
// This index is the folder's public surface.
export {
  BACK_ENTRY_AUDIT,
  checkPaperStepsOfNewEntry,
  mayBackEnter,
  recordPaperSteps,
  reportDueOnNewEntry,
} from './back-entry';
export { entryCopyText } from './entry-copy';
export { buildRegisterExport, exportPound, exportRegister } from './export';
export { csvCell, EXPORT_RECORDS, istStamp, paiseToRupeesText, type RegisterRow, splitCsv } from './format';
export { classOfCell, IMPORT_COLUMNS, importTemplate, importWords, type ImportWords } from './import-words';
export {
  importRegister,
  MAX_IMPORT_CHARS,
  MAX_IMPORT_ROWS,
  previewRegisterImport,
  readRegisterCsv,
  type RowOutcome,
} from './import';
export { paperSerialOf, paperSerialSearch } from './paper-serial';
export {
  type HeadGroup,
  MAX_FIELD_LENGTH,
  MAX_HEADS_PER_ENTRY,
  registerSeizure,
  type SeizureEntry,
  validateSeizureEntry,
} from './seizure';
