import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { ChangeFollower } from '../../src/modules/search/change-follower.js';
import { createTestDatabase } from '../helpers/database.js';

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

async function setUp() {
  database = await createTestDatabase();
  const db = database.db;
  const applied: string[][] = [];
  const follower = new ChangeFollower(db, async (ids) => void applied.push(ids), {
    pollMs: 60_000,
    onError: (error) => {
      throw error;
    },
  });
  const change = (id: number, nodeId: string) =>
    db.insertInto('catalogue_changes').values({ id, node_id: nodeId, created_at: new Date().toISOString() }).execute();
  return { follower, applied, change };
}

describe('following the catalogue change feed', () => {
  it('applies changes after the position it started from, once each', async () => {
    const { follower, applied, change } = await setUp();
    await change(1, 'before-start');
    await follower.init();
    await change(2, 'a');
    await change(3, 'b');
    await follower.poll();
    await follower.poll();
    expect(applied).toEqual([['a', 'b']]);
    expect(follower.position).toBe(3);
  });

  it('still applies a change whose id was taken before a later one that committed first', async () => {
    const { follower, applied, change } = await setUp();
    await follower.init();
    await change(2, 'committed-first');
    await follower.poll();
    // Id 1 belonged to a transaction that committed after id 2 was already read.
    await change(1, 'committed-late');
    await follower.poll();
    await follower.poll();
    expect(applied).toEqual([['committed-first'], ['committed-late']]);
  });

  it('waits for ids missing just below its starting position too', async () => {
    const { follower, applied, change } = await setUp();
    await change(1, 'a');
    await change(3, 'c');
    await follower.init();
    await change(2, 'b');
    await follower.poll();
    expect(applied).toEqual([['b']]);
  });
});
