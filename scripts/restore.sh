#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into the new, empty database and object store that
# the environment names. docs/operations.md, "Backup and restore".
#   DATABASE_URL=postgres://…/new_db scripts/restore.sh /backups/chapterhouse-20261125T120000Z
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/backup/tools.sh"
if [ -n "${DATABASE_URL:-}" ]; then need_program pg_restore; fi
exec "$bun" "$root/scripts/backup/restore.ts" "$@"
