/** What a cluster worker sends the primary once both its listeners accept connections. */
export const READY_MESSAGE = 'registry:ready';
