#!/usr/bin/env bash
# Backs up the database and the object store that the environment names (the app's own
# DATABASE_URL, DATA_DIR, S3_* variables) into a new directory. docs/operations.md, "Backup and restore".
#   scripts/backup.sh /backups/chapterhouse-$(date -u +%Y%m%dT%H%M%SZ)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/backup/tools.sh"
if [ -n "${DATABASE_URL:-}" ]; then need_program pg_dump; fi
exec "$bun" "$root/scripts/backup/backup.ts" "$@"
