import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/schemas.js';
import { COMFYUI_RELEASES } from './comfyui-releases.js';
import { computePlan, getSharedPlan, planInputOf, sharePlan } from './plan.js';
import { ComfyuiReleasesResponse, PlanIdParams, PlanRequest, PlanResponse, SharedPlanResponse } from './schemas.js';

/** Saved workflows with embedded models can be large; the node list read from them is small. */
const WORKFLOW_BODY_LIMIT = 16 * 1024 * 1024;

const PLAN_DESCRIPTION =
  'Reads a workflow (UI or API format) or its node uses and answers, per class that is not core, the pack that ' +
  "provides it and why (named by the workflow's `cnr_id`/`aux_id`, only provider, already needed, most used, or " +
  "ComfyUI-Manager's name pattern), its alternatives, the version to install (the workflow's `ver` when installable, " +
  'else the latest) and the command per client; one command for everything; and the merged Python requirements ' +
  'with every conflict, also against a ComfyUI release, and the declared OS, accelerator and ComfyUI ranges checked.';

/** Workflow → install plan, for the web resolver and for clients. */
const installPlanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/install-plan',
    {
      bodyLimit: WORKFLOW_BODY_LIMIT,
      schema: {
        operationId: 'planWorkflowInstall',
        tags: ['install-plan'],
        summary: 'The install plan of a workflow',
        description: PLAN_DESCRIPTION,
        body: PlanRequest,
        response: { 200: PlanResponse, ...errorResponses(400, 413, 415) },
      },
    },
    async function planWorkflowInstall(request, reply) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const plan = await computePlan(app.ctx, planInputOf(request.body));
      // How long the plan took to read and compute, for clients and the benchmark; `cpu` is the
      // process's CPU time meanwhile, which a busy machine does not stretch the way it does `plan`.
      const cpu = process.cpuUsage(cpuBefore);
      reply.header(
        'server-timing',
        `plan;dur=${(performance.now() - started).toFixed(1)}, cpu;dur=${((cpu.user + cpu.system) / 1000).toFixed(1)}`,
      );
      return plan;
    },
  );

  app.get(
    '/install-plan/comfyui-releases',
    {
      schema: {
        operationId: 'listComfyuiReleases',
        tags: ['install-plan'],
        summary: 'The ComfyUI releases whose requirements a plan can be checked against',
        description: 'Each with the `requirements.txt` kept as data and where it was copied from.',
        response: { 200: ComfyuiReleasesResponse },
      },
    },
    async function listComfyuiReleases() {
      return { releases: COMFYUI_RELEASES.map((r) => ({ ...r, requirements: [...r.requirements] })) };
    },
  );

  app.post(
    '/install-plans',
    {
      bodyLimit: WORKFLOW_BODY_LIMIT,
      schema: {
        operationId: 'shareInstallPlan',
        tags: ['install-plan'],
        summary: 'Share the install plan of a workflow',
        description:
          'Stores what the plan is computed from (node uses and environment, never the workflow) under an id derived ' +
          'from it, and answers the id with the plan. `GET /install-plans/{planId}` computes it again.',
        body: PlanRequest,
        response: { 200: SharedPlanResponse, ...errorResponses(400, 413, 415) },
      },
    },
    async function shareInstallPlan(request) {
      return sharePlan(app.ctx, planInputOf(request.body));
    },
  );

  app.get(
    '/install-plans/:planId',
    {
      schema: {
        operationId: 'getSharedInstallPlan',
        tags: ['install-plan'],
        summary: 'A shared install plan',
        description: 'Computed against the catalogue as it is now.',
        params: PlanIdParams,
        response: { 200: PlanResponse, ...errorResponses(400, 404) },
      },
    },
    async function getSharedInstallPlan(request) {
      return getSharedPlan(app.ctx, request.params.planId);
    },
  );
};

export default installPlanRoutes;
