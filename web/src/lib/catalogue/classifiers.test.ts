import { compatKey, compatText } from './classifiers';

const words: Record<string, string> = {
  'compat.separator': ', ',
  'compat.os.independent': 'Any operating system',
  'compat.os.windows': 'Windows',
  'compat.os.linux': 'Linux',
  'compat.accelerator.cuda': 'NVIDIA CUDA',
};
const t = (key: string) => words[key] ?? key;

it('names classifier text and plain names alike', () => {
  expect(compatKey('os', 'OS Independent')).toBe('compat.os.independent');
  expect(compatKey('os', 'Microsoft :: Windows')).toBe('compat.os.windows');
  expect(compatKey('os', 'POSIX :: Linux')).toBe('compat.os.linux');
  expect(compatKey('os', 'MacOS :: MacOS X')).toBe('compat.os.macos');
  expect(compatKey('accelerator', 'GPU :: NVIDIA CUDA')).toBe('compat.accelerator.cuda');
  expect(compatKey('accelerator', 'CUDA')).toBe('compat.accelerator.cuda');
  expect(compatKey('accelerator', 'NPU :: Huawei Ascend')).toBe('compat.accelerator.ascend');
  expect(compatKey('accelerator', 'TPU')).toBeNull();
});

it('says the declared values in words, once each, and keeps an unknown one readable', () => {
  expect(compatText('os', ['Microsoft :: Windows', 'Windows', 'POSIX :: Linux'], t)).toBe('Windows, Linux');
  expect(compatText('os', ['OS Independent'], t)).toBe('Any operating system');
  expect(compatText('accelerator', ['GPU :: NVIDIA CUDA', 'GPU :: Google TPU'], t)).toBe('NVIDIA CUDA, Google TPU');
});
