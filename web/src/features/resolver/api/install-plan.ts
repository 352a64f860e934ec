import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';

export type InstallPlan = components['schemas']['InstallPlan'];
export type PlanPack = components['schemas']['InstallPlanPack'];

/** What the plan is asked for: the parsed workflow and the environment the reader runs. */
export interface PlanAsk {
  workflow: unknown;
  comfyui_release?: string;
}

/** `POST /install-plans`: the plan of a workflow, stored so its URL can be shared. */
export const sharePlan = async (ask: PlanAsk, signal?: AbortSignal) =>
  unwrap(api.POST('/install-plans', { body: ask, signal }));

/** The shared plan of a workflow (idle without one). Keyed apart from the POST path. */
export const useSharedPlanOf = (ask: PlanAsk | null) =>
  useQuery(
    queryOptions({
      queryKey: keyFor('workflow-install-plan', ask),
      queryFn: ({ signal }) => sharePlan(ask as PlanAsk, signal),
      enabled: ask !== null,
      staleTime: 60_000,
    }),
  );

/** `GET /install-plans/{id}`: a plan someone shared. */
export const useSharedPlan = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: keyFor('shared-install-plan', id),
      queryFn: ({ signal }) =>
        unwrap(api.GET('/install-plans/{planId}', { params: { path: { planId: id as string } }, signal })),
      enabled: id !== null,
    }),
  );

/** The ComfyUI releases a plan can be checked against. */
export const useComfyuiReleases = () =>
  useQuery(
    queryOptions({
      queryKey: keyFor('comfyui-releases', null),
      queryFn: ({ signal }) => unwrap(api.GET('/install-plan/comfyui-releases', { signal })),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
