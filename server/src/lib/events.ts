import { EventEmitter } from 'node:events';

/** In-process notifications between modules, so writers need not know who listens. */
export interface RegistryEvents {
  /** Packs whose catalogue entry changed (created, edited, published, banned, deleted). */
  'catalogue:changed': [nodeIds: string[]];
  /** The archive pipeline flagged a version for review (moderation notifications listen). */
  'version:flagged': [versionId: string];
}

/** A typed event bus for one app instance. Cross-instance freshness uses the change feed table. */
export class EventBus extends EventEmitter<RegistryEvents> {}
