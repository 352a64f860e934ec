/** PEP 503 normalisation: lowercase, every run of `-`, `_` and `.` becomes one `-`. */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/**
 * The project name a bare URL or path names, as pip reads it: the `#egg=` fragment, else the
 * distribution part of a wheel or sdist file name; '' when neither says.
 */
export function nameFromUrl(url: string): string {
  const egg = /[#&]egg=([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(url);
  if (egg?.[1]) return normalizeName(egg[1]);
  const file = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const wheel = /^([A-Za-z0-9][A-Za-z0-9._]*?)-\d[^-]*(-\d[^-]*)?-[^-]+-[^-]+-[^-]+\.whl$/i.exec(file);
  if (wheel?.[1]) return normalizeName(wheel[1]);
  const sdist = /^([A-Za-z0-9][A-Za-z0-9._-]*?)-\d[A-Za-z0-9.+!-]*\.(tar\.gz|tar\.bz2|tar\.xz|zip|tgz)$/i.exec(file);
  return sdist?.[1] ? normalizeName(sdist[1]) : '';
}
