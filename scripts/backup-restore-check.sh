#!/usr/bin/env bash
# Backup and restore, tested: dumps a database with pg_dump (custom format), restores it with pg_restore into
# a new database, and compares every table's row count and a checksum of the append-only ledger and receipts.
#
#   scripts/backup-restore-check.sh postgresql://postgres@127.0.0.1:5432/kanji [backup-dir]
#
# With no URL it makes its own: a throwaway database on TEST_POSTGRES_URL's server (default
# postgresql://postgres@127.0.0.1:5432/test), migrated and loaded with the demo district (npm run db:seed),
# and drops it and the restored copy at the end. Exit status 0 only if the restore matches the source.
set -euo pipefail
cd "$(dirname "$0")/.."

admin_url="${TEST_POSTGRES_URL:-postgresql://postgres@127.0.0.1:5432/test}"
src_url="${1:-}"
backup_dir="${2:-$(mktemp -d)}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
own_source=""

with_db() { # URL with the database part replaced
  local url="$1" db="$2"
  echo "${url%/*}/${db}"
}

if [ -z "$src_url" ]; then
  own_source="kanji_backup_src_$$"
  psql "$admin_url" -qAtc "CREATE DATABASE ${own_source}" >/dev/null
  src_url="$(with_db "$admin_url" "$own_source")"
  echo "backup-check: source ${own_source}: migrating and loading the demo district"
  DATABASE_URL="$src_url" npx tsx src/db/migrate-cli.ts >/dev/null
  DATABASE_URL="$src_url" npx tsx src/db/seed-cli.ts >/dev/null
fi

restored="kanji_restore_check_$$"
cleanup() {
  psql "$admin_url" -qAtc "DROP DATABASE IF EXISTS ${restored} WITH (FORCE)" >/dev/null 2>&1 || true
  if [ -n "$own_source" ]; then psql "$admin_url" -qAtc "DROP DATABASE IF EXISTS ${own_source} WITH (FORCE)" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

file="${backup_dir}/kanji-${stamp}.dump"
echo "backup-check: pg_dump → ${file}"
pg_dump --format=custom --no-owner --no-privileges --file="$file" "$src_url"
ls -l "$file" | awk '{print "backup-check: " $5 " bytes"}'

echo "backup-check: pg_restore → ${restored}"
psql "$admin_url" -qAtc "CREATE DATABASE ${restored}" >/dev/null
restored_url="$(with_db "$admin_url" "$restored")"
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$restored_url" "$file"

# Row counts of every table, and a digest of the rows that must never change (ledger, receipts, payments).
fingerprint() {
  psql "$1" -qAt <<'SQL'
SELECT string_agg(t || '=' || n, ' ' ORDER BY t) FROM (
  SELECT table_name AS t,
         (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM public.%I', table_name), false, true, '')))[1]::text::int AS n
  FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE') x;
SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) FROM (
  SELECT row_to_json(l)::text AS r FROM "LedgerEntry" l
  UNION ALL SELECT row_to_json(x)::text FROM "Receipt" x
  UNION ALL SELECT row_to_json(p)::text FROM "Payment" p
  UNION ALL SELECT row_to_json(c)::text FROM "Case" c) y;
-- The hand-written triggers and CHECKs (append-only ledger, ...) came back with the schema.
SELECT 'triggers=' || string_agg(tgrelid::regclass::text || '.' || tgname, ',' ORDER BY tgrelid::regclass::text || '.' || tgname) FROM pg_trigger WHERE NOT tgisinternal;
SELECT 'checks=' || count(*) FROM pg_constraint WHERE contype = 'c' AND connamespace = 'public'::regnamespace;
SQL
}

a="$(fingerprint "$src_url")"
b="$(fingerprint "$restored_url")"
echo "backup-check: source   ${a//$'\n'/ | }" | cut -c1-300
if [ "$a" != "$b" ]; then
  echo "backup-check: FAILED: the restored database differs from the source" >&2
  diff <(echo "$a" | tr ' ' '\n') <(echo "$b" | tr ' ' '\n') >&2 || true
  exit 1
fi
echo "backup-check: OK: restore matches (row counts of every table, digest of ledger/receipts/payments/cases, the same triggers and CHECK constraints)"
