/** The archive analyser: validation, pyproject metadata, node extraction and the security scan. */
export { analyzeArchive } from './analyze.js';
export type {
  AnalyzeArchive,
  ArchiveAnalysis,
  ArchiveLimits,
  ExpectedPackage,
  ExtractedComfyNode,
  PackMetadata,
  PackReadme,
  ReadmeFormat,
  ScanFinding,
} from './types.js';
