import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localizedErrorText } from '../../../api/error-message';
import { keyFor } from '../../../api/keys';
import type { AnalyticsProperties } from '../../../lib/analytics';
import { analytics } from '../../../lib/analytics-client';
import { notify } from '../../../lib/toast';

/** How one admin write reports itself. */
export interface AdminWriteOptions<TInput, TResult> {
  run: (input: TInput) => Promise<TResult>;
  /** Analytics event name, e.g. "Admin Pack Banned". */
  event: string;
  /** Event properties from the input (ids, never free text). */
  properties?: (input: TInput) => AnalyticsProperties;
  /** The success toast. */
  success: (input: TInput, result: TResult) => string;
  /** The failure toast; receives the server's message. */
  failure: (message: string) => string;
  /** Cached queries to refetch after success (prefixes). */
  invalidate: (input: TInput) => QueryKey[];
  onDone?: (input: TInput, result: TResult) => void;
}

/**
 * One admin write: runs it, then toasts the outcome, refetches the affected queries (the audit
 * log always) and records the analytics event.
 */
export function useAdminWrite<TInput, TResult>(options: AdminWriteOptions<TInput, TResult>) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation('common');
  return useMutation({
    mutationFn: options.run,
    onSuccess: async (result, input) => {
      analytics.track(options.event, options.properties?.(input) ?? {});
      notify('success', options.success(input, result));
      options.onDone?.(input, result);
      await Promise.all(
        [...options.invalidate(input), keyFor('/admin/audit'), keyFor('/admin/stats')].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) => notify('error', options.failure(localizedErrorText(error, i18n))),
  });
}
