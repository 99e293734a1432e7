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
lpstat -r >/dev/null 2>&1 || { cupsd; for _ in $(seq 50); do lpstat -r >/dev/null 2>&1 && break; sleep 0.1; done; }
if ! lpstat -p "$PRINTER" >/dev/null 2>&1; then
  ppd=$(lpinfo -m 2>/dev/null | grep -i 'cups-pdf' | head -1 | cut -d' ' -f1)
  lpadmin -p "$PRINTER" -E -v cups-pdf:/ -m "$ppd" 2>/dev/null
fi
cupsenable "$PRINTER" 2>/dev/null || true
cupsaccept "$PRINTER" 2>/dev/null || true
echo "$PRINTER $OUT"
