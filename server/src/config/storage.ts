import { Type } from 'typebox';

/** Where archives are stored. */
export const storageSchema = Type.Object({
  BLOB_STORE: Type.Union([Type.Literal('local')], {
    default: 'local',
    description: 'Archive storage backend: `local` (a folder).',
  }),
  BLOB_DIR: Type.Optional(Type.String({ description: 'Folder for `local` storage; default `DATA_DIR/blobs`.' })),
});
