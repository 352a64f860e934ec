import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalBlobStore } from '../../src/engines/storage/local-blob-store.js';
import { blobStoreContract } from './blob-store-contract.js';

blobStoreContract(
  'LocalBlobStore',
  async () => new LocalBlobStore(mkdtempSync(path.join(os.tmpdir(), 'blobs-')), 'http://registry.test/'),
);
