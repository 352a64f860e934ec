import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { managerFiles } from '../import/manager-data.js';
import { cliWorkspace } from './run-command.js';

const allFiles = ['--nodes', managerFiles.nodes, '--node-map', managerFiles.nodeMap, '--stats', managerFiles.stats];

describe('registry import-manager-list', () => {
  it('imports the real catalogue and prints what it did', async () => {
    const cli = await cliWorkspace();
    const result = await cli.run('import-manager-list', allFiles);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Entries in list: 5896\nImported:  5883\nUpdated:   0\nUnchanged: 0\nSkipped:   13\n');
    expect(result.out).toContain(
      '  duplicate-id: 13\n    ComfyUI-Bagel: https://github.com/Yuan-ManX/ComfyUI-Bagel has the same id',
    );
    expect(result.out).toContain('Ids rewritten to satisfy the node-id rules: 11\n');
    expect(result.out).toContain('Class names: 41398 added, 0 removed\n');
    expect(result.out).toContain('Core ComfyUI classes: 868 (868 added, 0 removed)\n');

    const again = await cli.run('import-manager-list', allFiles);
    expect(again.out).toContain('Imported:  0\nUpdated:   0\nUnchanged: 5883\n');
    expect(again.out).toContain('Core ComfyUI classes: 868 (0 added, 0 removed)\n');

    const { db } = cli.open();
    const count = await db
      .selectFrom('nodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5883);
  });

  it('rejects a file that is not JSON, exits 1 and writes nothing', async () => {
    const cli = await cliWorkspace();
    const broken = path.join(cli.dataDir, 'broken.json');
    writeFileSync(broken, '{"custom_nodes": [');
    const result = await cli.run('import-manager-list', ['--nodes', managerFiles.nodes, '--node-map', broken]);
    expect(result).toEqual({
      code: 1,
      out: '',
      err: expect.stringMatching(
        new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid JSON: .+\nNothing was imported.\n$`),
      ),
    });
    const { db } = cli.open();
    expect(await db.selectFrom('nodes').selectAll().execute()).toEqual([]);
  });

  it('names a missing file', async () => {
    const cli = await cliWorkspace();
    const result = await cli.run('import-manager-list', ['--nodes', '/nonexistent/list.json']);
    expect(result).toEqual({
      code: 1,
      out: '',
      err: 'Cannot read /nonexistent/list.json: ENOENT\nNothing was imported.\n',
    });
  });

  it('requires --nodes and refuses unknown flags', async () => {
    const cli = await cliWorkspace();
    expect(await cli.run('import-manager-list', [])).toMatchObject({
      code: 2,
      err: '--nodes <custom-node-list.json> is required.',
    });
    expect((await cli.run('import-manager-list', ['--nodes', 'x', '--bogus'])).code).toBe(2);
  });
});
