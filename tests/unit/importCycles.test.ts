import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { findCycles, importGraph } from '../../scripts/importCycles';

const relative = (groups: string[][], root: string) => groups.map((group) => group.map((file) => path.relative(root, file)));

describe('import graph', () => {
  test('src/ and server/ have no import cycles (static, type-only or import())', () => {
    const root = process.cwd();
    expect(relative(findCycles(importGraph(['src', 'server'], root)), root)).toEqual([]);
  });

  test('the check finds a cycle through a type-only import and a dynamic import', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'src/routes.ts'), "export const view = () => import('./Page');\n");
    writeFileSync(path.join(root, 'src/Page.tsx'), "import type { view } from './routes';\nexport default function Page(): null { return null; }\n");
    writeFileSync(path.join(root, 'src/alone.ts'), "import { view } from './routes';\nexport const x = view;\n");
    expect(relative(findCycles(importGraph(['src'], root)), root)).toEqual([['src/Page.tsx', 'src/routes.ts']]);
  });
});
