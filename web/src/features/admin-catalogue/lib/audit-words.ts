import { UNCLAIMED_PUBLISHER_ID } from '../../../lib/catalogue/unclaimed';
import type { DiffRow } from './diff';

/** Fields the audit log records, each with a label in `audit.fields`. */
const FIELDS = new Set([
  'status',
  'status_reason',
  'status_detail',
  'name',
  'description',
  'category',
  'author',
  'license',
  'repository',
  'icon',
  'banner_url',
  'tags',
  'tags_admin',
  'search_ranking',
  'preempted_comfy_node_names',
  'publisher_id',
  'supported_os',
  'supported_accelerators',
  'supported_comfyui_version',
  'supported_comfyui_frontend_version',
  'isAdmin',
  'nodes',
  'node_id',
  'version',
  'deprecated',
  'id',
]);

/** What a person reads for a value: a translation key, or text shown as it is. */
export type Word = { key: string; params?: Record<string, string> } | { text: string };

/** How to name a changed field: `audit.fields.<name>`, or the path made readable. */
export function fieldWord(path: string): Word {
  const name = path === 'publisher.id' ? 'publisher_id' : path;
  if (FIELDS.has(name)) return { key: `audit.fields.${name}` };
  return { text: path.replace(/[._]+/g, ' ').trim() || '—' };
}

const STATUS_KEYS: Record<string, string> = {
  NodeStatusActive: 'nodeStatus.NodeStatusActive',
  NodeStatusBanned: 'nodeStatus.NodeStatusBanned',
  NodeStatusDeleted: 'nodeStatus.NodeStatusDeleted',
  NodeVersionStatusActive: 'versionStatus.NodeVersionStatusActive',
  NodeVersionStatusPending: 'versionStatus.NodeVersionStatusPending',
  NodeVersionStatusFlagged: 'versionStatus.NodeVersionStatusFlagged',
  NodeVersionStatusBanned: 'versionStatus.NodeVersionStatusBanned',
  NodeVersionStatusDeleted: 'versionStatus.NodeVersionStatusDeleted',
  PublisherStatusActive: 'audit.values.active',
  PublisherStatusBanned: 'audit.values.banned',
  ACTIVE: 'audit.values.active',
  BANNED: 'audit.values.banned',
};

function parsed(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** One item of a list: a pack saved by a ban is `{id, status, ...}`; it is named by its id. */
function itemText(item: unknown): string {
  if (item && typeof item === 'object' && 'id' in item) return String((item as { id: unknown }).id);
  return typeof item === 'string' ? item : JSON.stringify(item);
}

/** How to say one value of the diff (the JSON text `diffJson` gives). */
export function valueWord(value: string | undefined): Word {
  if (value === undefined) return { text: '—' };
  const v = parsed(value);
  if (typeof v === 'string') {
    if (v in STATUS_KEYS) return { key: STATUS_KEYS[v] as string };
    if (v === UNCLAIMED_PUBLISHER_ID) return { key: 'node.unclaimed' };
    return v.trim() ? { text: v } : { key: 'audit.values.empty' };
  }
  if (typeof v === 'boolean') return { key: v ? 'audit.values.yes' : 'audit.values.no' };
  if (v === null) return { key: 'audit.values.empty' };
  // A Flagged version's reason is the scanner's findings as JSON: counted, as the review queue does.
  if (Array.isArray(v) && v.some((item) => item && typeof item === 'object' && 'issue_type' in item)) {
    return { key: 'common:reasons.findings', params: { count: String(v.length) } };
  }
  if (Array.isArray(v)) return v.length ? { text: v.map(itemText).join(', ') } : { key: 'audit.values.empty' };
  return { text: typeof v === 'object' ? JSON.stringify(v) : String(v) };
}

/** A change as people read it: the field and the values before and after. */
export interface ReadableChange {
  path: string;
  field: Word;
  before: Word | null;
  after: Word | null;
}

/** Bookkeeping ids that say nothing to a reader (history rows an undo wrote). */
const HIDDEN = /(^|\.)(history_id|undone_history_id)$/;

export function readableChanges(rows: readonly DiffRow[]): ReadableChange[] {
  return rows
    .filter((row) => !HIDDEN.test(row.path))
    .map((row) => ({
      path: row.path,
      field: fieldWord(row.path),
      before: row.before === undefined ? null : valueWord(row.before),
      after: row.after === undefined ? null : valueWord(row.after),
    }));
}

/** The translation key of an audit action (`node_version.update` → `audit.actions.node_version_update`). */
export const actionKey = (action: string) => `audit.actions.${action.replace(/\./g, '_')}`;
