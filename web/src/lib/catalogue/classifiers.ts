/**
 * Compatibility values as packs declare them: Python classifier text from pyproject.toml
 * (`OS Independent`, `Microsoft :: Windows`, `GPU :: NVIDIA CUDA`) or a plain name (`Windows`,
 * `CUDA`). Each known value has a name in every language (`compat.*` in the `common` namespace);
 * an unknown one shows its last classifier part as written.
 */
export type CompatKind = 'os' | 'accelerator';

const OS: [RegExp, string][] = [
  [/independent|^any$/, 'independent'],
  [/windows|^microsoft$|^win$/, 'windows'],
  [/linux|^posix$/, 'linux'],
  [/mac|darwin|osx/, 'macos'],
];

const ACCELERATORS: [RegExp, string][] = [
  [/cuda|nvidia/, 'cuda'],
  [/rocm|amd/, 'rocm'],
  [/intel|xpu/, 'intel-arc'],
  [/ascend|huawei|npu/, 'ascend'],
  [/metal|apple|mps/, 'metal'],
  [/^cpu$/, 'cpu'],
];

/** The translation key of a declared value, or null when the app has no name for it. */
export function compatKey(kind: CompatKind, value: string): string | null {
  const text = value.trim().toLowerCase().replace(/\s+/g, ' ');
  const table = kind === 'os' ? OS : ACCELERATORS;
  const hit = table.find(([pattern]) => pattern.test(text));
  return hit ? `compat.${kind}.${hit[1]}` : null;
}

/**
 * The declared values in words, each once, joined by the language's list separator: "Windows,
 * Linux" or "Windows、Linux". `t` is the `common` namespace's translator.
 */
export function compatText(kind: CompatKind, values: readonly string[], t: (key: string) => string): string {
  const names = [
    ...new Set(
      values.map((value) => {
        const key = compatKey(kind, value);
        return key ? t(key) : (value.split('::').at(-1)?.trim() ?? value);
      }),
    ),
  ];
  return names.join(t('compat.separator'));
}
