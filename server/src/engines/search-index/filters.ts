/**
 * Compatibility filters. Packs declare free-form classifier text (`Microsoft :: Windows`,
 * `GPU :: NVIDIA CUDA`, from pyproject.toml); search filters by a small fixed set of families so
 * the web app can offer check boxes and a bad value is a clear 400, not an empty page.
 */

export const OS_FAMILIES = ['windows', 'linux', 'macos'] as const;
export type OsFamily = (typeof OS_FAMILIES)[number];

export const ACCELERATOR_FAMILIES = ['cuda', 'rocm', 'intel-arc', 'ascend', 'metal'] as const;
export type AcceleratorFamily = (typeof ACCELERATOR_FAMILIES)[number];

/** Other spellings accepted in `supported_os` (compared lower-case), including the classifiers. */
const OS_ALIASES: Record<string, OsFamily> = {
  windows: 'windows',
  win: 'windows',
  'microsoft :: windows': 'windows',
  linux: 'linux',
  'posix :: linux': 'linux',
  posix: 'linux',
  macos: 'macos',
  mac: 'macos',
  osx: 'macos',
  'macos :: macos x': 'macos',
};

/** Other spellings accepted in `supported_accelerator`, including the classifiers. */
const ACCELERATOR_ALIASES: Record<string, AcceleratorFamily> = {
  cuda: 'cuda',
  nvidia: 'cuda',
  'gpu :: nvidia cuda': 'cuda',
  rocm: 'rocm',
  amd: 'rocm',
  'gpu :: amd rocm': 'rocm',
  'intel-arc': 'intel-arc',
  intel: 'intel-arc',
  xpu: 'intel-arc',
  'gpu :: intel arc': 'intel-arc',
  ascend: 'ascend',
  npu: 'ascend',
  'npu :: huawei ascend': 'ascend',
  metal: 'metal',
  mps: 'metal',
  'gpu :: apple metal': 'metal',
};

/** The family a `supported_os` value names, or undefined when it names none. */
export function parseOsFamily(value: string): OsFamily | undefined {
  return OS_ALIASES[value.trim().toLowerCase().replace(/\s+/g, ' ')];
}

/** The family a `supported_accelerator` value names, or undefined when it names none. */
export function parseAcceleratorFamily(value: string): AcceleratorFamily | undefined {
  return ACCELERATOR_ALIASES[value.trim().toLowerCase().replace(/\s+/g, ' ')];
}

/** Bit mask of the operating systems a pack declares; `OS Independent` counts as all of them. */
export function osMask(declared: readonly string[]): number {
  let mask = 0;
  for (const raw of declared) {
    const value = raw.toLowerCase();
    if (value.includes('independent')) return familyBits(OS_FAMILIES, OS_FAMILIES);
    if (value.includes('windows') || value.startsWith('microsoft')) mask |= bit(OS_FAMILIES, 'windows');
    if (value.includes('linux') || value.trim() === 'posix') mask |= bit(OS_FAMILIES, 'linux');
    if (value.includes('mac') || value.includes('darwin')) mask |= bit(OS_FAMILIES, 'macos');
  }
  return mask;
}

/** Bit mask of the accelerators a pack declares. */
export function acceleratorMask(declared: readonly string[]): number {
  let mask = 0;
  for (const raw of declared) {
    const value = raw.toLowerCase();
    if (value.includes('cuda') || value.includes('nvidia')) mask |= bit(ACCELERATOR_FAMILIES, 'cuda');
    if (value.includes('rocm') || value.includes('amd')) mask |= bit(ACCELERATOR_FAMILIES, 'rocm');
    if (value.includes('intel')) mask |= bit(ACCELERATOR_FAMILIES, 'intel-arc');
    if (value.includes('ascend') || value.includes('huawei')) mask |= bit(ACCELERATOR_FAMILIES, 'ascend');
    if (value.includes('metal') || value.includes('apple')) mask |= bit(ACCELERATOR_FAMILIES, 'metal');
  }
  return mask;
}

/** The bits of the given families, for matching against `osMask` / `acceleratorMask`. */
export function familyBits<F extends string>(all: readonly F[], chosen: readonly F[]): number {
  return chosen.reduce((mask, family) => mask | bit(all, family), 0);
}

function bit<F extends string>(all: readonly F[], family: F): number {
  return 1 << all.indexOf(family);
}
