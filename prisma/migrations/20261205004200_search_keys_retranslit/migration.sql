-- The owners' search keys of a register entry were written with ड़ read as r, ढ़ as rh and ऍ/ॅ not read; they
-- are now d, dh and e. An entry with those letters in its place or a head's description loses its keys: an entry
-- with none is read by every word search (src/services/case-search.ts), so it is still found, by either spelling.
UPDATE "Case" c SET "searchKeys" = '{}'
WHERE c."placeOfSeizure" ~ '(ड़|ढ़|ड़|ढ़|ऍ|ॅ)'
   OR EXISTS (SELECT 1 FROM "Head" h WHERE h."caseId" = c."id" AND h."description" ~ '(ड़|ढ़|ड़|ढ़|ऍ|ॅ)');
