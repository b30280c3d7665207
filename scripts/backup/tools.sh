# Sourced by scripts/backup.sh and scripts/restore.sh: finds Bun and checks for PostgreSQL's tools.
bun="$root/node_modules/.bin/bun"
if [ ! -x "$bun" ]; then bun="$(command -v bun || true)"; fi
if [ -z "$bun" ]; then echo "Bun not found: run npm install (or install Bun)" >&2; exit 1; fi

need_program() {
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "$1 not found: install PostgreSQL's client programs (Debian/Ubuntu: apt-get install postgresql-client), at least the server's major version" >&2
    exit 1
  fi
}
