import { createHash, type Hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a metered copy measured: how many bytes passed and their SHA-256 (hex). */
export interface Metered {
  sizeBytes: number;
  sha256: string;
}

/**
 * A pass-through stream that counts and hashes the bytes it passes, and fails with `tooLarge()`
 * as soon as more than `maxBytes` arrive, so nothing past the cap is ever written anywhere.
 */
export class StreamMeter extends Transform {
  #size = 0;
  readonly #hash: Hash = createHash('sha256');
  #digest: string | undefined;
  /** The error the meter failed with when the cap was passed; null while within it. */
  overflow: Error | null = null;

  constructor(
    private readonly maxBytes: number,
    private readonly tooLarge: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#size += chunk.length;
    if (this.#size > this.maxBytes) {
      this.overflow = this.tooLarge();
      callback(this.overflow);
      return;
    }
    this.#hash.update(chunk);
    callback(null, chunk);
  }

  /** The bytes passed and their hash; read once the stream has ended. */
  result(): Metered {
    this.#digest ??= this.#hash.digest('hex');
    return { sizeBytes: this.#size, sha256: this.#digest };
  }
}

export interface MeteredCopyOptions {
  maxBytes: number;
  /** The error for a stream longer than `maxBytes`. */
  tooLarge: () => Error;
  /** Runs once every byte is written, before the copy counts as done (check it, move it into place). */
  finish?: (measured: Metered) => Promise<void> | void;
}

/**
 * Copies a stream into a new file (never an existing one) through a `StreamMeter`. When anything
 * fails, the source, the cap, the disk or `finish`, the file is removed before the error is
 * passed on, so a refused copy leaves nothing behind.
 */
export async function meteredCopyToFile(body: Readable, file: string, options: MeteredCopyOptions): Promise<Metered> {
  const meter = new StreamMeter(options.maxBytes, options.tooLarge);
  try {
    await pipeline(body, meter, createWriteStream(file, { flags: 'wx' }));
    const measured = meter.result();
    await options.finish?.(measured);
    return measured;
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}
