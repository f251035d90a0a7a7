import { getStorage } from 'firebase-admin/storage';

/** Stored upload files, behind an interface so code runs where no Storage emulator exists. */
export interface FileStore {
  read(path: string): Promise<Buffer>;
  /** Deletes every file under the prefix; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
}

export function cloudStorageFileStore(bucketName?: string): FileStore {
  const bucket = () => (bucketName ? getStorage().bucket(bucketName) : getStorage().bucket());
  return {
    async read(path) {
      const [bytes] = await bucket().file(path).download();
      return bytes;
    },
    async deletePrefix(prefix) {
      const [files] = await bucket().getFiles({ prefix });
      await Promise.all(files.map((f) => f.delete({ ignoreNotFound: true })));
      return files.length;
    },
  };
}

/** Used on the emulators when no Storage emulator runs: uploads then go through the API only. */
export const noFileStore: FileStore = {
  async read(path) {
    throw new Error(`No file store is configured to read ${path}`);
  },
  async deletePrefix() {
    return 0;
  },
};

/** Cloud Storage in production and with the Storage emulator; nothing on emulators without it. */
export function defaultFileStore(storageAvailable: boolean): FileStore {
  return storageAvailable ? cloudStorageFileStore() : noFileStore;
}
