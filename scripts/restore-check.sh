#!/usr/bin/env bash
# Issue 17 (ADR 0143): proves a backup restores. Restores a dump of scripts/backup.sh into a scratch
# database, counts the rows of every table and compares them with the counts the backup took in the same
# snapshot as the dump (<name>.counts beside <name>.dump), then drops the scratch database.
#
#   DATABASE_URL=postgres://user@host:5432/focustar scripts/restore-check.sh backups/focustar-….dump
#
# The scratch database is created on the server of $RESTORE_ADMIN_URL (default: $DATABASE_URL), which
# needs CREATEDB; point it at a spare server to keep restores off production. Exit 0 when every count
# matches; 1 otherwise, with the tables that differ.
set -euo pipefail

dump="${1:?usage: scripts/restore-check.sh <file.dump>}"
counts="${dump%.dump}.counts"
[ -f "$dump" ] || { echo "restore-check: $dump does not exist" >&2; exit 1; }
[ -f "$counts" ] || { echo "restore-check: $counts (written by scripts/backup.sh) does not exist" >&2; exit 1; }
admin="${RESTORE_ADMIN_URL:-${DATABASE_URL:?set DATABASE_URL or RESTORE_ADMIN_URL}}"

# The scratch database's URL: the admin URL with another database name (its query string kept).
scratch="focustar_restore_check_$(date -u +%Y%m%d%H%M%S)_$$"
base="${admin%%\?*}"
query=""
[ "$base" != "$admin" ] && query="?${admin#*\?}"
scratch_url="${base%/*}/$scratch$query"

psql -X -q -v ON_ERROR_STOP=1 "$admin" -c "CREATE DATABASE $scratch" >/dev/null
cleanup() { psql -X -q "$admin" -c "DROP DATABASE IF EXISTS $scratch WITH (FORCE)" >/dev/null 2>&1 || true; }
trap cleanup EXIT

started=$(date +%s)
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$scratch_url" "$dump"
restored_in=$(($(date +%s) - started))

restored="$(mktemp)"
trap 'cleanup; rm -f "$restored"' EXIT
psql -X -q -A -t -v ON_ERROR_STOP=1 "$scratch_url" >"$restored" <<'SQL'
SELECT format('SELECT %L || ''|'' || count(*) FROM %I.%I;', n.nspname || '.' || c.relname, n.nspname, c.relname)
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
ORDER BY 1
\gexec
SQL
sed -i '/^$/d' "$restored"

tables=$(wc -l <"$counts" | tr -d ' ')
rows=$(awk -F'|' '{ s += $2 } END { print s + 0 }' "$counts")
if ! differences="$(diff <(sort "$counts") <(sort "$restored"))"; then
  echo "restore-check: FAILED: the restored copy differs from the backup's counts (< backup, > restored):"
  echo "$differences"
  exit 1
fi
echo "restore-check: $dump restored in ${restored_in}s: $tables tables, $rows rows, every count matches"
