import type { PackRequirements } from './requirements/types.js';
import type { ScanFindingJson } from './scan-finding.js';

/**
 * The contract between the upload pipeline and the archive analyser. The analyser reads an
 * uploaded zip without extracting it to disk and without running any of its code.
 */

/** Limits that protect the server from hostile archives; all configurable. */
export interface ArchiveLimits {
  /** Largest archive accepted, in bytes. */
  maxArchiveBytes: number;
  /** Most entries (files and folders) in one archive. */
  maxEntries: number;
  /** Largest total uncompressed size. */
  maxUncompressedBytes: number;
  /** Largest uncompressed/compressed ratio of any entry (zip bombs). */
  maxCompressionRatio: number;
  /** Largest single source file read for extraction and scanning. */
  maxSourceFileBytes: number;
  /**
   * Largest total of the Python files parsed, checked from the declared sizes before anything is
   * inflated: the ratio rule lets many just-under-a-mebibyte files through, and parsing hundreds
   * of megabytes of them would hold an analyser for minutes and gigabytes.
   */
  maxSourceBytes: number;
  /** Largest total of all files kept in memory for reading (Python and other text), checked the same way. */
  maxTextBytes: number;
  /**
   * Hosts of extra package indexes a version may name without being held (it is labelled
   * instead); `download.pytorch.org` when not given.
   */
  allowedIndexHosts?: string[];
}

/** What the publish request said the archive contains. */
export interface ExpectedPackage {
  /** The node id; `[project].name` must match it case-insensitively. */
  name: string;
  /** The normalised version; `[project].version` must normalise to it. */
  version: string;
}

/** What `pyproject.toml` says, in the registry's terms. */
export interface PackMetadata {
  name: string;
  version: string;
  description: string;
  /** JSON text as comfy-cli sends it: `{"text": "MIT"}`, `{"file": "LICENSE"}` or `{}`. */
  license: string;
  repository: string;
  dependencies: string[];
  supportedOs: string[];
  supportedAccelerators: string[];
  /** `[tool.comfy] requires-comfyui`. */
  supportedComfyuiVersion: string;
  /** The `comfyui-frontend-package` specifier from dependencies. */
  supportedComfyuiFrontendVersion: string;
  displayName: string;
  icon: string;
  banner: string;
  publisherId: string;
}

/** One comfy-node class found by static reading of the sources. */
export interface ExtractedComfyNode {
  name: string;
  displayName: string;
  category: string;
  description: string;
  /** JSON text of the INPUT_TYPES structure as far as it could be read statically. */
  inputTypes: string;
  /** JSON text of RETURN_TYPES. */
  returnTypes: string;
  /** JSON text of RETURN_NAMES. */
  returnNames: string;
  outputIsList: boolean[];
  function: string;
  outputNode: boolean;
  deprecated: boolean;
  experimental: boolean;
  /** Path inside the archive the definition came from. */
  sourceFile: string;
}

/** One suspicious thing the scanner found; its wire shape is `ScanFinding` in catalogue/wire.ts. */
export type ScanFinding = ScanFindingJson;

/** How a README is written: Markdown is rendered, reStructuredText and plain text are shown as written. */
export type ReadmeFormat = 'markdown' | 'rst' | 'text';

/** The pack's README as found at the archive's pack root, cut at a size limit. */
export interface PackReadme {
  /** The file's name without folders (`README.md`). */
  fileName: string;
  format: ReadmeFormat;
  content: string;
  /** The whole file's size in the archive. */
  sizeBytes: number;
  /** Whether `content` is only the first part of a file larger than the limit. */
  truncated: boolean;
}

/** The outcome of analysing one archive. */
/**
 * One file of a checked archive and where its data lies, so it can be read later (the code view)
 * without listing and checking the whole central directory again.
 */
export interface ArchiveDirectoryEntry {
  /** Path inside the archive, as checked. */
  name: string;
  size: number;
  compressedSize: number;
  crc32: number;
  /** Offset of the file's local header from the start of the archive. */
  offset: number;
  /** 0 (stored) or 8 (deflated): the only methods the checks let through. */
  method: number;
}

export type ArchiveAnalysis =
  | {
      /** The archive is unusable; the version must not become installable. */
      ok: false;
      /** Clear reason for the publisher, e.g. "pyproject.toml is missing at the archive root". */
      reason: string;
    }
  | {
      ok: true;
      metadata: PackMetadata;
      comfyNodes: ExtractedComfyNode[];
      extract: { status: 'success' | 'failed'; reason: string };
      findings: ScanFinding[];
      /** The Python requirements: requirements.txt with its includes, and `[project].dependencies`. */
      requirements: PackRequirements;
      /** The README at the pack root, or null when there is none (never a reason to refuse). */
      readme: PackReadme | null;
      stats: { entries: number; uncompressedBytes: number; pythonFiles: number };
      /** Every file of the archive (folders left out), in central-directory order, as checked. */
      directory: ArchiveDirectoryEntry[];
    };

/** Reads, validates, extracts and scans a zip archive on disk. */
export type AnalyzeArchive = (
  zipPath: string,
  expected: ExpectedPackage,
  limits: ArchiveLimits,
) => Promise<ArchiveAnalysis>;
