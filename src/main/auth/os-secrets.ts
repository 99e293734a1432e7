import type { SecretStore } from './token-vault.ts';

/** The part of Electron's safeStorage the vault uses (the asynchronous API; the synchronous one is deprecated in Electron 45). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  getSelectedStorageBackend(): string;
}

/**
 * safeStorage as the vault's secret store. On Linux without a keyring Chromium falls back to
 * `basic_text`, which encrypts with a password written in its source: as good as plain text, so
 * the vault is told it cannot keep secrets there (Electron's safeStorage documentation).
 */
export function osSecrets(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): SecretStore {
  return {
    async usable() {
      // Asked first: the backend is only known once the encryptor has started.
      if (!(await safeStorage.isAsyncEncryptionAvailable())) return { ok: false, reason: 'unavailable' };
      if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return { ok: false, reason: 'basic-text' };
      return { ok: true };
    },
    encrypt: (text) => safeStorage.encryptStringAsync(text),
    async decrypt(data) {
      const r = await safeStorage.decryptStringAsync(data);
      return { text: r.result, reEncrypt: r.shouldReEncrypt };
    },
  };
}
