import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ChunkGroup, chunkPlan, planGroups } from './chunkPlan';

const groups: ChunkGroup[] = [
  { name: 'app', roots: [/main\.tsx$/] },
  { name: 'signin', roots: [/LoginPage\.tsx$/], importsOnly: true },
  { name: 'console', roots: [/ShellLayout\.tsx$/] },
  { name: 'form-view', roots: [/FormView\.tsx$/] },
];

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) => ({ type: 'chunk' as const, fileName, moduleIds, imports });

// What an automatic split looks like: one chunk per set of screens sharing modules.
const automatic = [
  chunk('index.js', ['/src/main.tsx', '/node_modules/react/index.js'], ['runtime.js']),
  chunk('runtime.js', ['/node_modules/react-dom/index.js']),
  chunk('LoginPage.js', ['/src/shell/pages/LoginPage.tsx', '/src/shell/pages/captcha.ts'], ['input.js', 'runtime.js']),
  chunk('input.js', ['/node_modules/antd/es/input/index.js']),
  chunk('ShellLayout.js', ['/src/shell/layout/ShellLayout.tsx'], ['input.js', 'table.js']),
  chunk('table.js', ['/node_modules/antd/es/table/index.js'], ['pagination.js']),
  chunk('pagination.js', ['/node_modules/antd/es/pagination/index.js']),
  chunk('FormView.js', ['/src/components/forms/FormView.tsx'], ['rjsf.js', 'input.js', 'table.js']),
  chunk('rjsf.js', ['/node_modules/@rjsf/core/index.js']),
  chunk('Designer.js', ['/src/features/designer.tsx', '/node_modules/bpmn-js/index.js']),
];

describe('planGroups', () => {
  const plan = planGroups(automatic, groups);

  it('gives a group the chunk holding its root and every chunk that chunk imports, transitively', () => {
    expect(plan.app.sort()).toEqual(['/node_modules/react-dom/index.js', '/node_modules/react/index.js', '/src/main.tsx']);
    expect(plan.console.sort()).toEqual([
      '/node_modules/antd/es/pagination/index.js',
      '/node_modules/antd/es/table/index.js',
      '/src/shell/layout/ShellLayout.tsx',
    ]);
  });

  it('leaves a module to the first group that loads it', () => {
    // The input is loaded by the sign-in page, the frame and the form renderer: the sign-in page names it first.
    expect(plan.signin).toEqual(['/node_modules/antd/es/input/index.js']);
    expect(plan['form-view'].sort()).toEqual(['/node_modules/@rjsf/core/index.js', '/src/components/forms/FormView.tsx']);
  });

  it('leaves what a group `leaves` to the next group that loads it', () => {
    const withList: ChunkGroup[] = [
      { name: 'console', roots: [/ShellLayout\.tsx$/], leaves: /[\\/](table|pagination)[\\/]/ },
      { name: 'list', roots: [/table[\\/]index\.js$/] },
    ];
    const split = planGroups(automatic, withList);
    expect(split.console.sort()).toEqual(['/node_modules/antd/es/input/index.js', '/src/shell/layout/ShellLayout.tsx']);
    expect(split.list.sort()).toEqual(['/node_modules/antd/es/pagination/index.js', '/node_modules/antd/es/table/index.js']);
  });

  it('keeps the page itself out of an importsOnly group, and modules no group loads out of every group', () => {
    const grouped = Object.values(plan).flat();
    expect(grouped).not.toContain('/src/shell/pages/LoginPage.tsx');
    expect(grouped).not.toContain('/src/shell/pages/captcha.ts');
    expect(grouped).not.toContain('/node_modules/bpmn-js/index.js');
  });
});

describe('chunkPlan', () => {
  it('captures in the real build the modules the plan gives each group, and nothing else', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'chunk-plan-')), 'plan.json');
    writeFileSync(file, JSON.stringify(planGroups(automatic, groups)));
    const split = chunkPlan(file, groups, false).codeSplitting;
    const [app, signin, consoleGroup] = split?.groups ?? [];
    expect(app.test('/node_modules/react/index.js')).toBe(true);
    expect(signin.test('/node_modules/antd/es/input/index.js')).toBe(true);
    expect(consoleGroup.test('/node_modules/antd/es/input/index.js')).toBe(false);
    expect(split?.groups.some((group) => group.test('/node_modules/bpmn-js/index.js'))).toBe(false);
    // Earlier groups win a module the plan gives to more than one, whatever the order rolldown tries them in.
    expect(app.priority).toBeGreaterThan(signin.priority);
    // A group holds what the plan lists, not what those modules import besides.
    expect(split?.includeDependenciesRecursively).toBe(false);
  });

  it('keeps the automatic split without a plan, and writes none while planning', () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'chunk-plan-')), 'absent.json');
    expect(chunkPlan(missing, groups, false).codeSplitting).toBeUndefined();
    expect(chunkPlan(missing, groups, true).codeSplitting).toBeUndefined();
  });
});
