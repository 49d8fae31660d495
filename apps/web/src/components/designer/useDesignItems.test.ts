import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useDesignItems } from './useDesignItems';

interface Field {
  name: string;
  title: string;
}

it('adds an item where asked and chooses it; a renamed item stays chosen; a removed one is no longer chosen', () => {
  const { result } = renderHook(() => useDesignItems<Field>((f) => f.name));
  act(() => result.current.add({ name: 'a', title: 'A' }));
  act(() => result.current.add({ name: 'c', title: 'C' }));
  act(() => result.current.add({ name: 'b', title: 'B' }, 1));
  expect(result.current.items.map((f) => f.name)).toEqual(['a', 'b', 'c']);
  expect(result.current.current).toEqual({ name: 'b', title: 'B' });

  act(() => result.current.change('b', { name: 'b2', title: 'Bee' }));
  expect(result.current.selected).toBe('b2');
  expect(result.current.items[1]).toEqual({ name: 'b2', title: 'Bee' });

  // Changing another item leaves the choice alone.
  act(() => result.current.change('a', { name: 'a2' }));
  expect(result.current.selected).toBe('b2');

  act(() => result.current.remove('a2'));
  expect(result.current.selected).toBe('b2');
  act(() => result.current.remove('b2'));
  expect(result.current.selected).toBeNull();
  expect(result.current.items.map((f) => f.name)).toEqual(['c']);
});
