#!/usr/bin/env bash
# Issue 17 (ADR 0143): a backup of the PostgreSQL database in pg_dump's custom format, plus the exact row
# count of every table AT THE SAME MOMENT (one exported snapshot serves both), which
# scripts/restore-check.sh compares with a restored copy.
#
#   DATABASE_URL=postgres://user@host:5432/focustar scripts/backup.sh [directory]
#
# Writes <directory>/focustar-<UTC time>.dump and .counts (directory: $BACKUP_DIR, else ./backups), then
# keeps the newest $BACKUP_KEEP dumps (default 14) and deletes older ones. Run it from cron, e.g. daily at
# 04:00 Japan time:  0 4 * * *  cd /srv/focustar && DATABASE_URL=… scripts/backup.sh /var/backups/focustar
# Copy the directory off the machine (object storage with versioning); a backup on the database's own disk
# is not a backup. Needs pg_dump and psql of the server's major version or newer.
set -euo pipefail

url="${DATABASE_URL:?set DATABASE_URL to the postgres:// URL of the database to back up}"
dir="${1:-${BACKUP_DIR:-./backups}}"
keep="${BACKUP_KEEP:-14}"
mkdir -p "$dir"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
base="$dir/focustar-$stamp"

# A transaction that exports its snapshot and stays open while pg_dump reads the same snapshot.
coproc SNAP { psql -X -q -A -t -v ON_ERROR_STOP=1 "$url"; }
trap 'kill "${SNAP_PID:-}" 2>/dev/null || true; rm -f "$base.dump.partial" "$base.counts.partial"' EXIT
echo "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SELECT pg_export_snapshot();" >&"${SNAP[1]}"
read -r snapshot <&"${SNAP[0]}"
[ -n "$snapshot" ] || { echo "backup: could not export a snapshot" >&2; exit 1; }

pg_dump --format=custom --no-owner --no-privileges --snapshot="$snapshot" --file="$base.dump.partial" "$url"

# Every ordinary table (partitions included, their parents not: each row once), counted in the snapshot.
cat >&"${SNAP[1]}" <<'SQL'
SELECT format('SELECT %L || ''|'' || count(*) FROM %I.%I;', n.nspname || '.' || c.relname, n.nspname, c.relname)
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
ORDER BY 1
\gexec
SELECT '--end--';
SQL
: >"$base.counts.partial"
while read -r line <&"${SNAP[0]}"; do
  [ "$line" = "--end--" ] && break
  [ -n "$line" ] && echo "$line" >>"$base.counts.partial"
done
printf 'COMMIT;\n\\q\n' >&"${SNAP[1]}"
wait "$SNAP_PID" 2>/dev/null || true

mv "$base.dump.partial" "$base.dump"
mv "$base.counts.partial" "$base.counts"
trap - EXIT
tables="$(wc -l <"$base.counts" | tr -d ' ')"
echo "backup: $base.dump ($(du -h "$base.dump" | cut -f1), $tables tables)"

# Retention: the newest $keep dumps stay.
ls -1t "$dir"/focustar-*.dump 2>/dev/null | tail -n +"$((keep + 1))" | while read -r old; do
  rm -f "$old" "${old%.dump}.counts"
  echo "backup: removed $old"
done
