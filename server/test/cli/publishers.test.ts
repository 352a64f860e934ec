import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { hashTokenSecret } from '../../src/modules/tokens/secrets.js';
import { verifyPublisherToken } from '../../src/modules/tokens/verify.js';
import { type CliWorkspace, cliWorkspace } from './run-command.js';

/** A migrated workspace with the account jane@example.test. */
async function workspace(): Promise<{ cli: CliWorkspace; userId: string }> {
  const cli = await cliWorkspace();
  expect((await cli.run('migrate', [])).code).toBe(0);
  const userId = newId();
  await cli.open().db.insertInto('users').values({ id: userId, email: 'jane@example.test', name: 'Jane' }).execute();
  return { cli, userId };
}

describe('registry create-publisher', () => {
  it('creates the publisher with the account as owner', async () => {
    const { cli, userId } = await workspace();
    const result = await cli.run('create-publisher', [
      '--id',
      'acme',
      '--name',
      'ACME',
      '--owner',
      'Jane@Example.test',
    ]);
    expect(result).toEqual({ code: 0, out: 'Created publisher acme ("ACME") owned by jane@example.test\n', err: '' });
    const { db } = cli.open();
    expect(await db.selectFrom('publishers').select(['id', 'name', 'status']).execute()).toEqual([
      { id: 'acme', name: 'ACME', status: 'PublisherStatusActive' },
    ]);
    expect(await db.selectFrom('publisher_members').select(['publisher_id', 'user_id', 'role']).execute()).toEqual([
      { publisher_id: 'acme', user_id: userId, role: 'owner' },
    ]);
  });

  it('ignores the per-user publisher limit', async () => {
    const { cli } = await workspace();
    for (const id of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']) {
      expect((await cli.run('create-publisher', ['--id', id, '--name', id, '--owner', 'jane@example.test'])).code).toBe(
        0,
      );
    }
  });

  it.each([
    [
      'an unknown owner',
      ['--id', 'acme', '--name', 'ACME', '--owner', 'nobody@example.test'],
      'No account uses nobody@example.test: the owner must sign up first (or use registry create-admin).\n',
    ],
    [
      'a malformed id',
      ['--id', 'ACME', '--name', 'ACME', '--owner', 'jane@example.test'],
      'Cannot create publisher "ACME": Must start with a lowercase letter and can only contain lowercase letters, digits, and hyphens.\n',
    ],
    [
      'a reserved id',
      ['--id', 'admin-x', '--name', 'X', '--owner', 'jane@example.test'],
      'Cannot create publisher "admin-x": Publisher IDs "admin" and "admin-..." are reserved.\n',
    ],
  ])('fails with exit code 1 for %s', async (_case, args, err) => {
    const { cli } = await workspace();
    expect(await cli.run('create-publisher', args)).toEqual({ code: 1, out: '', err });
    expect(await cli.open().db.selectFrom('publishers').selectAll().execute()).toEqual([]);
  });

  it('fails for an id that is taken', async () => {
    const { cli } = await workspace();
    await cli.run('create-publisher', ['--id', 'acme', '--name', 'ACME', '--owner', 'jane@example.test']);
    expect(
      await cli.run('create-publisher', ['--id', 'acme', '--name', 'Again', '--owner', 'jane@example.test']),
    ).toEqual({
      code: 1,
      out: '',
      err: 'Cannot create publisher "acme": Publisher ID already exists.\n',
    });
  });

  it.each([
    [['--name', 'ACME', '--owner', 'jane@example.test'], '--id <publisher-id> is required.'],
    [['--id', 'acme', '--owner', 'jane@example.test'], '--name <display name> is required.'],
    [['--id', 'acme', '--name', 'ACME'], '--owner <email> is required.'],
    [['--id', 'acme', '--name', 'ACME', '--owner', 'j@x.test', '--colour', 'red'], "Unknown option '--colour'"],
  ])('answers a usage error (exit 2) for %j', async (args, message) => {
    const cli = await cliWorkspace();
    const result = await cli.run('create-publisher', args);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toContain(message);
  });
});

describe('registry create-token', () => {
  it('prints only the secret on stdout, and the secret publishes for that publisher', async () => {
    const { cli } = await workspace();
    await cli.run('create-publisher', ['--id', 'acme', '--name', 'ACME', '--owner', 'jane@example.test']);
    const result = await cli.run('create-token', ['--publisher', 'acme', '--name', 'CI', '--description', 'GitHub']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^crp_[A-Za-z0-9_-]{43}\n$/);
    expect(result.err).toBe('Created token "CI" for publisher acme. Store it now: it is not shown again.\n');
    const secret = result.out.trim();
    const { db } = cli.open();
    expect(
      await db
        .selectFrom('personal_access_tokens')
        .select(['publisher_id', 'name', 'description', 'token_hash', 'created_by'])
        .execute(),
    ).toEqual([
      {
        publisher_id: 'acme',
        name: 'CI',
        description: 'GitHub',
        token_hash: hashTokenSecret(secret),
        created_by: null,
      },
    ]);
    expect(await verifyPublisherToken(db, 'acme', secret, 'any-pack')).toEqual(expect.objectContaining({ name: 'CI' }));
  });

  it('warns on stderr when the publisher is banned', async () => {
    const { cli } = await workspace();
    await cli.run('create-publisher', ['--id', 'acme', '--name', 'ACME', '--owner', 'jane@example.test']);
    await cli.open().db.updateTable('publishers').set({ status: 'PublisherStatusBanned' }).execute();
    const result = await cli.run('create-token', ['--publisher', 'acme', '--name', 'CI']);
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/^Warning: publisher acme is banned; publishing with this token will be refused\.\n/);
  });

  it('fails for an unknown publisher and for a blank name', async () => {
    const { cli } = await workspace();
    expect(await cli.run('create-token', ['--publisher', 'nobody', '--name', 'CI'])).toEqual({
      code: 1,
      out: '',
      err: 'No publisher "nobody" (create it with registry create-publisher).\n',
    });
    await cli.run('create-publisher', ['--id', 'acme', '--name', 'ACME', '--owner', 'jane@example.test']);
    expect(await cli.run('create-token', ['--publisher', 'acme', '--name', '  '])).toEqual({
      code: 1,
      out: '',
      err: 'Cannot create token: Token name must be 1 to 100 characters\n',
    });
  });

  it.each([
    [['--name', 'CI'], '--publisher <publisher-id> is required.'],
    [['--publisher', 'acme'], '--name <token name> is required.'],
  ])('answers a usage error (exit 2) for %j', async (args, message) => {
    const cli = await cliWorkspace();
    expect(await cli.run('create-token', args)).toEqual({ code: 2, out: '', err: message });
  });
});
