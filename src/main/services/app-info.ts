import type { AppInfo } from '../../shared/ipc/contract.ts';

export interface AppInfoSource {
  name: string;
  version: string;
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>;
  platform: string;
  arch: string;
  dataDir: string;
}

/** Built from app + process data passed in by the composition root (plain Node here). */
export function buildAppInfo(src: AppInfoSource): AppInfo {
  return {
    name: src.name,
    version: src.version,
    electron: src.versions.electron ?? '',
    chrome: src.versions.chrome ?? '',
    node: src.versions.node ?? '',
    platform: src.platform,
    arch: src.arch,
    dataDir: src.dataDir,
  };
}
