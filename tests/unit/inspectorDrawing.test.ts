import { describe, expect, test } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { labelLines, labelSize, layeredDrawing, overlaps, type Box } from '../../src/inspector/drawing';
import { accountFilterMachine } from '../../src/machines/accountFilter';
import { authMachine } from '../../src/machines/auth';
import { chatMachine } from '../../src/machines/chat';
import { chatStreamMachine } from '../../src/machines/chatStream';
import { navigationMachine } from '../../src/machines/navigation';
import { operationMachine } from '../../src/machines/operation';

const machines = { auth: authMachine, chat: chatMachine, chatStream: chatStreamMachine, navigation: navigationMachine, accountFilter: accountFilterMachine, operation: operationMachine } as unknown as Record<string, AnyStateMachine>;
const inside = (inner: Box, outer: Box) => inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w + 0.5 && inner.y + inner.h <= outer.y + outer.h + 0.5;

describe('statechart drawing laid out by ELK (layered)', () => {
  test.each(Object.keys(machines))('%s: labels overlap no state name and no other label; states nest inside their parents; nothing is clipped', async (name) => {
    const drawing = await layeredDrawing(machines[name]!);
    expect(drawing.engine).toBe('layered');
    const byPath = new Map(drawing.states.map((s) => [s.path, s]));
    // What a label must never cover: a leaf state, or a compound state's title bar.
    const names = drawing.states.map((s) => (s.compound ? { x: s.x, y: s.y, w: s.w, h: 28 } : s));
    for (const [i, edge] of drawing.edges.entries()) {
      expect(edge.lines.join(' / ').replaceAll(' / [', ' [')).toBe(edge.label);
      expect(edge.labelBox.w).toBeGreaterThanOrEqual(labelSize(edge.lines).width);
      expect(edge.labelBox.h).toBeGreaterThanOrEqual(labelSize(edge.lines).height);
      for (const [j, state] of names.entries()) expect(overlaps(edge.labelBox, state), `"${edge.label}" over ${drawing.states[j]!.path || 'root'}`).toBe(false);
      for (const other of drawing.edges.slice(i + 1)) expect(overlaps(edge.labelBox, other.labelBox), `"${edge.label}" over "${other.label}"`).toBe(false);
      expect(inside(edge.labelBox, { x: 0, y: 0, w: drawing.width, h: drawing.height })).toBe(true);
    }
    for (const state of drawing.states) {
      if (state.path === '') continue;
      const parent = byPath.get(state.path.split('.').slice(0, -1).join('.'))!;
      expect(inside(state, parent), `${state.path} inside ${parent.path || 'root'}`).toBe(true);
      expect(inside(state, { x: 0, y: 0, w: drawing.width, h: drawing.height })).toBe(true);
    }
  });

  test('labels go on several lines: one per bundled event, a long guard under its event', () => {
    expect(labelLines('auth.submit')).toEqual(['auth.submit']);
    expect(labelLines('done / error')).toEqual(['done', 'error']);
    expect(labelLines('auth.retry [ok]')).toEqual(['auth.retry [ok]']);
    expect(labelLines('error [there is simply no session] / error / always [the browser says guest]')).toEqual(['error', '[there is simply no session]', 'error', 'always', '[the browser says guest]']);
  });

  test('the auth chart at 1:1 is compact enough to read by scrolling a little (it was 3044 × 808 px)', async () => {
    const drawing = await layeredDrawing(authMachine);
    expect(drawing.width).toBeLessThanOrEqual(1500);
    expect(drawing.height).toBeLessThanOrEqual(800);
    expect(drawing.width * drawing.height).toBeLessThan(0.5 * 3044 * 808);
  });
});
