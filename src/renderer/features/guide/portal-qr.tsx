import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import qrcode from 'qrcode-generator';
import { getPlatConfig } from '../../lib/auth-flow.ts';

/** The QR code's dark modules as one SVG path (a row's runs merged), drawn crisp at any size. */
function QrSvg({ value, size, label }: { value: string; size: number; label: string }) {
  const qr = qrcode(0, 'M');
  qr.addData(value);
  qr.make();
  const n = qr.getModuleCount();
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.isDark(r, c)) continue;
      let end = c;
      while (end + 1 < n && qr.isDark(r, end + 1)) end++;
      d += `M${c + 2} ${r + 2}h${end - c + 1}v1h-${end - c + 1}z`;
      c = end;
    }
  }
  return (
    <svg width={size} height={size} viewBox={`0 0 ${n + 4} ${n + 4}`} role="img" aria-label={label} data-testid="portal-qr" data-value={value} shapeRendering="crispEdges">
      <rect width={n + 4} height={n + 4} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/**
 * "Open this book on your phone": the portal's address of the title, for the school this kiosk
 * serves. Shown only when the gateway has an address phones reach (PortalUrl), never a dead link.
 */
export function PortalQr({ path, schoolCode: code }: { path: string; schoolCode: string | null }) {
  const { t } = useTranslation('guide');
  const cfg = useQuery({ queryKey: ['platConfig'], queryFn: getPlatConfig, staleTime: Infinity });
  const base = cfg.data?.PortalUrl;
  if (!base || !code) return null;
  const sep = path.includes('?') ? '&' : '?';
  const url = `${base}#${path}${sep}school=${encodeURIComponent(code)}`;
  return (
    <Paper variant="outlined" sx={{ p: 2, textAlign: 'center', width: 260 }} data-testid="portal-qr-panel">
      <QrSvg value={url} size={220} label={t('qr.label')} />
      <Typography variant="body1" sx={{ mt: 1 }}>{t('qr.hint')}</Typography>
    </Paper>
  );
}
