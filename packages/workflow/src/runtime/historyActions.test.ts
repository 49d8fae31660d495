import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HISTORY_ACTIONS } from '@macro/contract/workflow';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The action names written on history rows in the engine's source: `history({ …, action: 'x' })`,
 * `action: a ? 'x' : 'y'`, and the events that write theirs (`eventHappened`, `boundaryFired`).
 */
function writtenActions(): Set<string> {
  const found = new Set<string>();
  for (const file of readdirSync(here).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    for (const line of readFileSync(join(here, file), 'utf8').split('\n')) {
      if (!/history\(|eventHappened\(|boundaryFired\(/.test(line)) continue;
      for (const match of line.matchAll(/action: ([^,}]+)/g)) {
        // Of `a === 'x' ? 'y' : 'z'`, the values after the question mark.
        const values = match[1].includes('?') ? match[1].slice(match[1].indexOf('?')) : match[1];
        for (const literal of values.matchAll(/'(\w+)'/g)) found.add(literal[1]);
      }
    }
  }
  // Actions passed in by name: a task approved (or a start task resubmitted).
  for (const match of readFileSync(join(here, 'engine.ts'), 'utf8').matchAll(/const action = [^;]+;/g)) {
    for (const literal of match[0].matchAll(/'(\w+)'/g)) found.add(literal[1]);
  }
  return found;
}

describe('history actions', () => {
  it('lists every action the engine writes, so the console can label each one', () => {
    const written = writtenActions();
    for (const action of ['service', 'message', 'timer', 'timeout', 'overdue', 'changeVersion', 'approve', 'reinitiate', 'suspend', 'resume']) {
      expect(written).toContain(action);
    }
    expect([...written].filter((action) => !(HISTORY_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });
});
