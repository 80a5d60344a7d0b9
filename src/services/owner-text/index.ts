// What an owner writes, read once: what a message outside a flow means (intent.ts `understand`: a case number, an
// intent with its day, a search, or not sure), the corpus it learns from and the words it folds (corpus.ts, normalise.ts,
// concepts.ts, dialect.ts, evidence.ts, money-words.ts, day.ts, language.ts), the one Devanagari → Latin table
// (transliterate.ts), and the owners' search for their cattle with its words (search.ts, cattle-words.ts, place-words.ts).
// This index is the folder's public surface.
export { classOfWord, coloursIn, words } from './cattle-words';
export { editDistance, placeKey, samePlaceWord, searchKeysOf, wordSearchKeys } from './place-words';
export { conceptKey } from './concepts';
export { isOwnerIntent, loadCorpus, OWNER_INTENTS, type OwnerIntent, type Utterance } from './corpus';
export { askedDay } from './day';
export { modelKey, skeleton } from './evidence';
export { isTypedCancel, ownerNlu, type OwnerNlu, trainOwnerNlu } from './intent';
export { languageAsked } from './language';
export { moneyTalk } from './money-words';
export { devanagariKey, latinKey } from './normalise';
export {
  parseSearchQuery,
  scoreCase,
  SEARCH_CANDIDATES,
  SEARCH_LIMIT,
  SEARCH_WINDOW_DAYS,
  searchCases,
  type SearchHit,
  type SearchQuery,
  searchSql,
} from './search';
export { hasDevanagari, romanise } from './transliterate';
