#!/usr/bin/env bash
# CUPS with a PDF printer for the print-queue tests (src/main/printing/cups-print.test.ts): installs
# the packages if missing, starts the scheduler, adds the LibraryLabelsPDF printer whose output
# goes to a known folder, and prints "printer output-dir" on its last line.
set -euo pipefail
PRINTER=LibraryLabelsPDF
OUT=/var/spool/cups-pdf/library-tests
export DEBIAN_FRONTEND=noninteractive
need=()
command -v cupsd >/dev/null 2>&1 || need+=(cups)
command -v lp >/dev/null 2>&1 || need+=(cups-client)
command -v lpq >/dev/null 2>&1 || need+=(cups-bsd)
[ -e /usr/lib/cups/backend/cups-pdf ] || need+=(printer-driver-cups-pdf)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
mkdir -p "$OUT"
chmod 0777 "$OUT"
# cups-pdf writes into its Out folder; ours, not the user's home.
sed -i "s#^Out .*#Out ${OUT}#; s#^\#\?Out .*#Out ${OUT}#" /etc/cups/cups-pdf.conf
# `lpstat -r` exits 0 either way; only its words say whether the scheduler runs (a session's
# cupsd is killed when it stops, so CI on the same machine finds it down with a stale pid file).
running() { lpstat -r 2>/dev/null | grep -q 'is running'; }
running || { cupsd; for _ in $(seq 50); do running && break; sleep 0.1; done; }
running || { echo "provision-cups: the CUPS scheduler did not start" >&2; exit 1; }
if ! lpstat -p "$PRINTER" >/dev/null 2>&1; then
  ppd=$(lpinfo -m 2>/dev/null | grep -i 'cups-pdf' | head -1 | cut -d' ' -f1)
  [ -n "$ppd" ] || { echo "provision-cups: no cups-pdf driver is listed by lpinfo -m" >&2; exit 1; }
  lpadmin -p "$PRINTER" -E -v cups-pdf:/ -m "$ppd"
fi
cupsenable "$PRINTER" 2>/dev/null || true
cupsaccept "$PRINTER" 2>/dev/null || true
echo "$PRINTER $OUT"
