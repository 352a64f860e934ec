/**
 * The upstream registry's claim on pack and publisher ids, as the local writers see it. On a mirror a local pack
 * must not take an id the upstream has; without an upstream every id is free. The mirror module
 * implements it and the composition root hands it in, so publishing, a publisher's pack creation
 * and an admin's never depend on the mirror.
 */
export interface UpstreamIds {
  /**
   * Resolves when a new local pack may take `nodeId`; throws 409 when the upstream has it (and no
   * admin released it for local use) and 503 when the upstream cannot say. Callers run it before
   * their transaction: it may ask the upstream over the network.
   */
  ensureFree(nodeId: string): Promise<void>;
  /**
   * Resolves when a new local publisher may take `publisherId` (callers check first that no
   * publisher here has it); throws 409 when the upstream has a publisher of that id and 503 when
   * the upstream cannot say. Like `ensureFree`, run it before the transaction.
   */
  ensurePublisherFree(publisherId: string): Promise<void>;
}
