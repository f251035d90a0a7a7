import { getFirestore } from 'firebase-admin/firestore';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { handleUploadFinalized } from '../ingestion/handle-upload-finalized';
import { cloudStorageFileStore } from '../storage/file-store';

export const onUploadFinalized = onObjectFinalized({ memory: '1GiB', timeoutSeconds: 300 }, async (event) => {
  await handleUploadFinalized(event, { db: getFirestore(), files: cloudStorageFileStore(event.data.bucket) });
});
