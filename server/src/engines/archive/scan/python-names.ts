/** Qualified names of the calls the Python rules look for. */

/** Built-ins that run a string as code. */
export const EXEC_SINKS = new Set(['exec', 'eval', 'compile', 'builtins.exec', 'builtins.eval', 'builtins.compile']);

/** Calls that turn an encoded blob back into code or bytes. */
export const DECODERS = new Set([
  'base64.b64decode',
  'base64.b32decode',
  'base64.b16decode',
  'base64.a85decode',
  'base64.b85decode',
  'base64.urlsafe_b64decode',
  'base64.decodebytes',
  'base64.decodestring',
  'zlib.decompress',
  'gzip.decompress',
  'bz2.decompress',
  'lzma.decompress',
  'marshal.loads',
  'codecs.decode',
  'binascii.unhexlify',
  'binascii.a2b_base64',
  'binascii.a2b_hex',
  'bytes.fromhex',
]);

/** Deserialisers that can run code while loading. */
export const CODE_LOADERS = new Set([
  'pickle.loads',
  'pickle.load',
  'marshal.loads',
  'dill.loads',
  'cloudpickle.loads',
]);

/** Calls that start another program. */
export const PROCESS_CALLS = new Set([
  'subprocess.run',
  'subprocess.call',
  'subprocess.check_call',
  'subprocess.check_output',
  'subprocess.Popen',
  'subprocess.getoutput',
  'subprocess.getstatusoutput',
  'os.system',
  'os.popen',
  'os.startfile',
  'os.posix_spawn',
  'os.posix_spawnp',
  'pty.spawn',
  'commands.getoutput',
  'asyncio.create_subprocess_exec',
  'asyncio.create_subprocess_shell',
  ...['l', 'le', 'lp', 'lpe', 'v', 've', 'vp', 'vpe'].flatMap((s) => [`os.spawn${s}`, `os.exec${s}`]),
]);

/** Calls that fetch data from the network. */
export function isFetch(qualified: string): boolean {
  return (
    /(^|\.)(urlopen|urlretrieve)$/.test(qualified) ||
    /^(requests|httpx)\.(get|post|request|stream)$/.test(qualified) ||
    qualified === 'wget.download' ||
    qualified === 'urllib.request.Request'
  );
}

/** Calls that load or run a file from disk (after writing a downloaded one). */
export function runsFile(qualified: string): boolean {
  return (
    PROCESS_CALLS.has(qualified) ||
    /^(importlib\.import_module|importlib\.util\.spec_from_file_location|runpy\.run_path|os\.chmod|ctypes\.CDLL|ctypes\.cdll\.LoadLibrary|__import__)$/.test(
      qualified,
    )
  );
}
