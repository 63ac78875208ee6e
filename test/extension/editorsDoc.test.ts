// The editor recipes (docs/editors.md, and docs/tree.md for the tree page): the copy-paste
// vimspector configurations are valid JSON and valid launches.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateLaunchArgs } from '../../src/adapter/launchSchema';

const page = (name: string) => fs.readFileSync(path.resolve(__dirname, '../../docs', name), 'utf8');
const doc = ['editors.md', 'tree.md'].map(page).join('\n');
const jsonBlocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);

describe('docs/editors.md and docs/tree.md editor recipes', () => {
  // The vimspector recipe, then the tree-page configuration added beside it (adapters from the first).
  it('has vimspector configurations that parse', () => {
    expect(jsonBlocks).toHaveLength(2);
    for (const block of jsonBlocks) expect(() => JSON.parse(block)).not.toThrow();
  });

  it('every vimspector configuration is a valid launch of an adapter that runs `symdap dap`', () => {
    const { adapters } = JSON.parse(jsonBlocks[0]);
    const configurations = Object.assign({}, ...jsonBlocks.map((j) => JSON.parse(j).configurations));
    for (const adapter of Object.values(adapters) as { command: string[] }[]) {
      expect(adapter.command.slice(0, 2)).toEqual(['symdap', 'dap']);
    }
    for (const [name, config] of Object.entries(configurations) as [
      string,
      { adapter: string; configuration: Record<string, unknown> },
    ][]) {
      expect(adapters[config.adapter], name).toBeDefined();
      const launch = {
        ...config.configuration,
        program: String(config.configuration.program).replace('${file}', '/p/a.sym'),
      };
      expect(validateLaunchArgs(launch), name).toMatchObject({ errors: [], warnings: [] });
    }
  });

  it('the Helix and Neovim TCP recipes pass the port the way `symdap dap --server=PORT` expects', () => {
    expect(doc).toContain('port-arg = "--server={}"');
    expect(doc).toContain("args = { 'dap', '--server=${port}' }");
  });
});
