/**
 * One pack as the in-process index sees it: the searchable text plus what filters and ordering
 * need. Built from the database by `repository.ts`; deleted packs never become documents.
 */
export interface SearchDocument {
  id: string;
  name: string;
  description: string;
  author: string;
  publisherId: string;
  publisherName: string;
  /** Publisher and admin tags together. */
  tags: string[];
  repository: string;
  /** Lower-case repository URL without scheme, `www.`, trailing slash or `.git`. */
  normalizedRepository: string;
  /** Classes of the latest version, or the imported catalogue's class names when it has none. */
  comfyNodes: { name: string; displayName: string }[];
  supportedOs: string[];
  supportedAccelerators: string[];
  banned: boolean;
  /** 1..10, lower ranks higher (unset = 5). */
  searchRanking: number;
  downloads: number;
  /** GitHub stars: the popularity figure every pack has, imported or published. */
  stars: number;
  createdAt: string;
  updatedAt: string;
}

/** The figures that change without a catalogue change (installs, stars): refreshed in bulk. */
export interface PopularityFigures {
  id: string;
  searchRanking: number;
  downloads: number;
  stars: number;
}
