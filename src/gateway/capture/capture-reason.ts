/**
 * Why a capture source failed, as a translation (capture:reason.*) the gateway's i18n fills in
 * inside the error's own sentence: "无法连接「SRU / Z39.50 服务器」（连接被拒绝）". The English
 * message of the error stays for the log; a cataloguer reads this.
 */
export interface CaptureReason {
  $t: string;
  params?: Record<string, string | number>;
}

export const REASON_KEYS = [
  'tooLarge', 'httpStatus', 'noAnswer', 'cancelled', 'network', 'refused', 'noHost', 'dropped',
  'notJson', 'notSru', 'badXml', 'empty', 'noCount', 'serverSays', 'noSchema',
] as const;
export type ReasonKey = (typeof REASON_KEYS)[number];

export const reason = (key: ReasonKey, params?: Record<string, string | number>): CaptureReason =>
  (params ? { $t: `capture:reason.${key}`, params } : { $t: `capture:reason.${key}` });

export const tooLarge = (maxBytes: number): CaptureReason => reason('tooLarge', { mb: Math.round((maxBytes / 1024 / 1024) * 10) / 10 });

/** The usual network failures by name; any other by its system code (undici's or the OS's). */
export function networkReason(code: string | undefined): CaptureReason {
  switch (code) {
    case 'ECONNREFUSED': return reason('refused');
    case 'ENOTFOUND': case 'EAI_AGAIN': return reason('noHost');
    case 'ECONNRESET': case 'EPIPE': case 'UND_ERR_SOCKET': return reason('dropped');
    default: return reason('network', { code: code ?? '?' });
  }
}
