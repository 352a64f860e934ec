/// <reference lib="es2024.arraybuffer" />

/**
 * Typed arrays that grow in place. An array that grows by doubling leaves each old copy behind
 * as garbage that only a full collection frees, and V8 did not run one after the search index's
 * first build: right after building 100k packs, about 200 MiB of the process was such leftovers.
 * These arrays sit on a resizable `ArrayBuffer` that reserves address space up front and commits
 * memory as it grows, so growing copies nothing, and `release` hands the memory back at once.
 * Reading them is slower (about twice, Node 20), so they suit arrays being filled, not searched.
 */

type Growable = Int32Array | Uint8Array | Float64Array;

interface GrowableType<T extends Growable> {
  new (buffer: ArrayBuffer): T;
  readonly BYTES_PER_ELEMENT: number;
}

/** Address space reserved for an array beyond what it asks for: it may grow this many times over in place. */
const GROWTH_ROOM = 8;
/** At least this much is reserved (address space only), so small arrays do not move while young. */
const MIN_RESERVE_BYTES = 16 * 1024 * 1024;

/** A zero-filled array of `length` elements that `grow` can lengthen in place. */
export function growable<T extends Growable>(type: GrowableType<T>, length: number): T {
  const bytes = length * type.BYTES_PER_ELEMENT;
  let buffer: ArrayBuffer;
  try {
    buffer = new ArrayBuffer(bytes, { maxByteLength: Math.max(MIN_RESERVE_BYTES, bytes * GROWTH_ROOM) });
  } catch {
    // No address space to reserve: a plain buffer, which `grow` copies as arrays always were.
    buffer = new ArrayBuffer(bytes);
  }
  // A view made without a length follows the buffer's length as it is resized.
  return new type(buffer);
}

/**
 * The array lengthened to `length` elements (new ones zero): the same array when its reserve
 * allows, otherwise a larger copy of the same kind (the old one released).
 */
export function grow<T extends Growable>(array: T, type: GrowableType<T>, length: number): T {
  const buffer = array.buffer;
  const bytes = length * type.BYTES_PER_ELEMENT;
  if (bytes <= array.byteLength) return array;
  if (buffer instanceof ArrayBuffer && buffer.resizable && bytes <= buffer.maxByteLength) {
    buffer.resize(bytes);
    return array;
  }
  const resizable = buffer instanceof ArrayBuffer && buffer.resizable;
  const copy = resizable ? growable(type, length) : new type(new ArrayBuffer(bytes));
  copy.set(array);
  release(array);
  return copy;
}

/** Frees the array's memory now rather than at the next full collection; it is empty afterwards. */
export function release(array: Growable): void {
  const buffer = array.buffer;
  if (buffer instanceof ArrayBuffer && buffer.resizable) buffer.resize(0);
}
