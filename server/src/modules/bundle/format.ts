import { Type } from 'typebox';

/**
 * An offline bundle is a tar file: `bundle.json` first (the packs as the public API shows them,
 * plus where each version's archive sits in the tar and its SHA-256), then the archives under
 * `archives/<publisher>/<pack>/<version>/node.zip`. Reading the metadata first lets an import
 * check every archive as it streams past.
 */
export const BUNDLE_FORMAT = 'comfy-registry-bundle';
export const BUNDLE_FORMAT_VERSION = 1;
export const BUNDLE_METADATA = 'bundle.json';

/** Largest `bundle.json` an import reads into memory. */
export const MAX_METADATA_BYTES = 256 * 1024 * 1024;

export const BundleArchive = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 500, pattern: '^archives/[A-Za-z0-9._+/-]+/node\\.zip$' }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  sizeBytes: Type.Integer({ minimum: 0 }),
});

/** The envelope; each pack inside is checked on its own (see import.ts). */
export const BundleEnvelope = Type.Object({
  format: Type.Literal(BUNDLE_FORMAT),
  formatVersion: Type.Literal(BUNDLE_FORMAT_VERSION),
  source: Type.String({ maxLength: 2000 }),
  createdAt: Type.String({ maxLength: 64 }),
  packs: Type.Array(Type.Unknown()),
});

export const BundlePackShape = Type.Object({
  publisher: Type.Unknown(),
  node: Type.Unknown(),
  versions: Type.Array(
    Type.Object({
      archive: Type.Union([BundleArchive, Type.Null()]),
      comfy_nodes: Type.Array(Type.Unknown()),
    }),
  ),
});
