#!/usr/bin/env bash
# Compiles the kiosk's message catalogs: po/<name>.po → OUTDIR/<name>/LC_MESSAGES/tribune.mo
# with `msgfmt -c` (header, plural forms and format checks), the layout MessageCatalog and
# libintl read (`[language] catalogs` in tribune.toml points at OUTDIR). Needs gettext
# (scripts/install-deps.sh build installs it).
set -euo pipefail
if [ $# -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi
out=$1
po_dir=$(cd "$(dirname "$0")/../po" && pwd)
command -v msgfmt >/dev/null || { echo "$0: msgfmt not found: install gettext (scripts/install-deps.sh build)" >&2; exit 1; }
shopt -s nullglob
count=0
for po in "$po_dir"/*.po; do
    name=$(basename "$po" .po)
    mkdir -p "$out/$name/LC_MESSAGES"
    msgfmt -c -o "$out/$name/LC_MESSAGES/tribune.mo" "$po"
    count=$((count + 1))
done
echo "catalogs: $count compiled into $out"
