import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** One central-directory record, with both spellings of its name. */
export interface RawEntry {
  entry: Entry;
  /** The name extractors use: the Info-ZIP Unicode path when present, else the header name. */
  name: string;
  /** The header name alone; validated too, because some extractors ignore the Unicode path. */
  headerName: string;
}

/** Opens a zip without reading any entry yet; rejects with yauzl's message on a broken file. */
export function openZip(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings:false keeps yauzl from refusing bad names itself, so each gets a precise reason;
    // sizes are checked here while inflating, with messages meant for publishers.
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false },
      (error, zipfile) => (error ? reject(error) : resolve(zipfile)),
    );
  });
}

/** Reads every central-directory record, stopping at `max` so a lying count cannot exhaust memory. */
export function listEntries(zipfile: ZipFile, max: number): Promise<RawEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: RawEntry[] = [];
    zipfile.on('entry', (entry: Entry) => {
      const raw = entry.fileNameRaw;
      entries.push({
        entry,
        name: yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true),
        headerName: yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, [], true),
      });
      if (entries.length > max) resolve(entries);
      else zipfile.readEntry();
    });
    zipfile.once('end', () => resolve(entries));
    zipfile.once('error', reject);
    zipfile.readEntry();
  });
}
