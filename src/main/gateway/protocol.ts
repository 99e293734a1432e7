/**
 * Messages between main and the embedded gateway's utility process. The gateway binds port 0
 * and reports the port it got, so there is no find-a-free-port race.
 */
export interface StartMessage {
  type: 'start';
  host: string;
  port: number;
  dataDir: string;
  /** The built renderer (out/renderer), served under /library/. */
  webRoot: string;
}
export interface StopMessage {
  type: 'stop';
}
export type ToGateway = StartMessage | StopMessage;

export type FromGateway = { type: 'ready'; port: number } | { type: 'error'; message: string } | { type: 'stopped' };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function parseToGateway(v: unknown): ToGateway | null {
  if (!isObj(v)) return null;
  if (v.type === 'stop') return { type: 'stop' };
  if (v.type === 'start' && typeof v.host === 'string' && Number.isInteger(v.port) && typeof v.dataDir === 'string' && typeof v.webRoot === 'string') {
    return { type: 'start', host: v.host, port: v.port as number, dataDir: v.dataDir, webRoot: v.webRoot };
  }
  return null;
}

export function parseFromGateway(v: unknown): FromGateway | null {
  if (!isObj(v)) return null;
  if (v.type === 'ready' && Number.isInteger(v.port) && (v.port as number) > 0 && (v.port as number) < 65536) return { type: 'ready', port: v.port as number };
  if (v.type === 'error' && typeof v.message === 'string') return { type: 'error', message: v.message };
  if (v.type === 'stopped') return { type: 'stopped' };
  return null;
}
