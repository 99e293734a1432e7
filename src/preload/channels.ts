import type { ChannelName, WindowKind } from '../shared/ipc/contract.ts';

/**
 * Channel names and allow-lists only, without zod: the sandboxed preloads stay a few kB. The key
 * set is checked by the compiler (every ChannelName, no more) and the allow-lists by a unit test
 * against ipcContract. Main enforces the lists anyway; this only keeps the bridge honest.
 */
export const CHANNEL_WINDOWS = {
  'app.getInfo': ['admin', 'guide'],
  'settings.get': ['admin', 'guide'],
  'settings.set': ['admin'],
  'gateway.getAddress': ['admin', 'guide'],
  'gateway.retry': ['admin'],
  'station.remember': ['admin'],
  'shell.openExternal': ['admin'],
  'auth.adopt': ['admin', 'guide'],
  'auth.current': ['admin', 'guide'],
  'auth.refresh': ['admin', 'guide'],
  'auth.forget': ['admin', 'guide'],
  'rfid.status': ['admin', 'guide'],
  'rfid.configure': ['admin'],
  'rfid.listPorts': ['admin'],
  'rfid.inventory': ['admin', 'guide'],
  'rfid.readTag': ['admin', 'guide'],
  'rfid.readPad': ['admin', 'guide'],
  'rfid.encodeTag': ['admin'],
  'rfid.setAfi': ['admin'],
  'printing.printers': ['admin'],
  'printing.print': ['admin'],
  'printing.jobs': ['admin'],
  'printing.cancel': ['admin'],
} as const satisfies { readonly [N in ChannelName]: readonly WindowKind[] };

/** Same value as IPC_PREFIX in the contract (asserted by a test); kept here to avoid zod at run time. */
export const CHANNEL_PREFIX = 'lib:';
