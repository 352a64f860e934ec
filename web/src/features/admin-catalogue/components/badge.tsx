import type { ReactNode } from 'react';
import type { NodeStatus } from '../api/nodes';

const tones = {
  green: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  grey: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
  blue: 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-brand-100',
} as const;

/** A small coloured label. */
export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>
  );
}

/** Badge tone of a pack status. */
export function nodeStatusTone(status: NodeStatus): 'green' | 'red' | 'grey' {
  return status === 'NodeStatusActive' ? 'green' : status === 'NodeStatusBanned' ? 'red' : 'grey';
}
