import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { PRIVATE_FILE } from './manifest.js';

/** Writes every file under `folder` into the tar file `file`, by relative path. */
export async function packFolder(folder: string, file: string): Promise<void> {
  const entries = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .sort();
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE }));
  for (const name of entries) {
    const source = path.join(folder, name);
    const { size } = await stat(source);
    await new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name: name.split(path.sep).join('/'), size, mode: PRIVATE_FILE }, (error) =>
        error ? reject(error) : resolve(),
      );
      createReadStream(source).on('error', reject).pipe(entry);
    });
  }
  pack.finalize();
  await written;
}

/**
 * Extracts a tar file written by `packFolder` into `folder`. Only plain files with safe relative
 * names, each once, are accepted: a backup never writes outside the folder it is unpacked into.
 */
export async function unpackFile(file: string, folder: string): Promise<void> {
  const extract = tar.extract();
  const names = new Set<string>();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const name = header.name;
      const target = path.resolve(folder, name);
      if (header.type !== 'file' || path.isAbsolute(name) || !target.startsWith(`${path.resolve(folder)}${path.sep}`)) {
        stream.resume();
        reject(new Error(`${file} holds an entry a backup never has: ${JSON.stringify(name)}`));
        return;
      }
      if (names.has(target)) {
        stream.resume();
        reject(new Error(`${file} holds ${JSON.stringify(name)} twice; it is damaged`));
        return;
      }
      names.add(target);
      mkdir(path.dirname(target), { recursive: true })
        .then(() => pipeline(stream, createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE })))
        .then(() => next(), reject);
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  createReadStream(file)
    .on('error', (error) => extract.destroy(error))
    .pipe(extract);
  await done;
}
