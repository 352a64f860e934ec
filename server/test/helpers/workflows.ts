/**
 * Workflows as ComfyUI's front end saves them. A UI-format workflow (schema version 0.4) keeps
 * each node's class in `type` and, since the front end started recording where nodes come from,
 * `properties.cnr_id` (the registry id; `comfy-core` for ComfyUI's own), `properties.ver` (the
 * pack version, or a commit for git installs) and `properties.aux_id` (`owner/repo`) for packs
 * outside the registry. The API format is what is queued: `{id: {class_type, inputs, _meta}}`.
 */

/** One node to put in a workflow: its class and where ComfyUI says it came from. */
export interface WorkflowNodeSpec {
  type: string;
  cnr_id?: string;
  aux_id?: string;
  ver?: string;
}

interface UiNode {
  id: number;
  type: string;
  pos: [number, number];
  size: [number, number];
  flags: Record<string, never>;
  order: number;
  mode: number;
  inputs: unknown[];
  outputs: unknown[];
  properties: Record<string, string>;
  widgets_values: unknown[];
}

function uiNode(spec: WorkflowNodeSpec, id: number): UiNode {
  const properties: Record<string, string> = {};
  if (spec.cnr_id) properties.cnr_id = spec.cnr_id;
  if (spec.aux_id) properties.aux_id = spec.aux_id;
  if (spec.ver) properties.ver = spec.ver;
  properties['Node name for S&R'] = spec.type;
  return {
    id,
    type: spec.type,
    pos: [100 + 40 * id, 120],
    size: [315, 98],
    flags: {},
    order: id - 1,
    mode: 0,
    inputs: [],
    outputs: [],
    properties,
    widgets_values: [],
  };
}

/** A UI-format workflow of these nodes, optionally with subgraphs and group nodes. */
export function uiWorkflow(
  nodes: WorkflowNodeSpec[],
  options: {
    subgraphs?: { id: string; nodes: WorkflowNodeSpec[] }[];
    groupNodes?: Record<string, WorkflowNodeSpec[]>;
  } = {},
): Record<string, unknown> {
  let next = 1;
  const top = nodes.map((spec) => uiNode(spec, next++));
  for (const subgraph of options.subgraphs ?? []) top.push(uiNode({ type: subgraph.id }, next++));
  for (const name of Object.keys(options.groupNodes ?? {})) top.push(uiNode({ type: `workflow>${name}` }, next++));
  return {
    id: '6f1b2a4e-8d3c-4c1e-9a57-2b1d0c9e7f11',
    revision: 0,
    last_node_id: next - 1,
    last_link_id: 0,
    nodes: top,
    links: [],
    groups: [],
    config: {},
    extra: {
      ds: { scale: 1, offset: [0, 0] },
      frontendVersion: '1.28.6',
      ...(options.groupNodes
        ? {
            groupNodes: Object.fromEntries(
              Object.entries(options.groupNodes).map(([name, specs]) => [
                name,
                {
                  nodes: specs.map((s, i) => ({ type: s.type, index: i, widgets_values: [] })),
                  links: [],
                  external: [],
                },
              ]),
            ),
          }
        : {}),
    },
    ...(options.subgraphs
      ? {
          definitions: {
            subgraphs: options.subgraphs.map((s) => ({
              id: s.id,
              version: 1,
              state: { lastGroupId: 0, lastNodeId: s.nodes.length, lastLinkId: 0, lastRerouteId: 0 },
              revision: 0,
              config: {},
              name: 'New Subgraph',
              inputNode: { id: -10, bounding: [0, 0, 120, 60] },
              outputNode: { id: -20, bounding: [900, 0, 120, 60] },
              inputs: [],
              outputs: [],
              widgets: [],
              nodes: s.nodes.map((spec, i) => uiNode(spec, 100 + i)),
              groups: [],
              links: [],
              extra: {},
            })),
          },
        }
      : {}),
    version: 0.4,
  };
}

/** The API format of these nodes (what ComfyUI stores in a PNG's `prompt` chunk). */
export function apiWorkflow(nodes: WorkflowNodeSpec[]): Record<string, unknown> {
  return Object.fromEntries(
    nodes.map((spec, i) => [String(i + 1), { inputs: {}, class_type: spec.type, _meta: { title: spec.type } }]),
  );
}
