import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { type RowAction, RowActions, splitActions } from './RowActions';

interface Row {
  id: number;
  draft: boolean;
}

const clicked = vi.fn<(key: string, row: Row) => void>();
const action = (key: string, extra: Partial<RowAction<Row>> = {}): RowAction<Row> => ({ key, label: key, onClick: (row) => clicked(key, row), ...extra });

describe('splitActions', () => {
  it('keeps up to three in the row and puts the rest after the first two under "more"', () => {
    expect(splitActions(['a', 'b', 'c'], false)).toEqual({ standing: ['a', 'b', 'c'], more: [] });
    expect(splitActions(['a', 'b', 'c', 'd', 'e'], false)).toEqual({ standing: ['a', 'b'], more: ['c', 'd', 'e'] });
  });

  it('on a phone keeps one action in the row and puts two or more under one button', () => {
    expect(splitActions(['a'], true)).toEqual({ standing: ['a'], more: [] });
    expect(splitActions(['a', 'b'], true)).toEqual({ standing: [], more: ['a', 'b'] });
  });
});

describe('RowActions', () => {
  const row = { id: 7, draft: false };
  const actions = [action('view'), action('edit'), action('submit', { show: (r) => r.draft }), action('grant'), action('remove', { danger: true })];

  it('counts only the actions that apply to the row, and runs the chosen one from "more" for that row', async () => {
    const user = userEvent.setup();
    await renderPage(<RowActions row={row} actions={actions} name="张三" narrow={false} />);
    // view, edit, grant, remove apply (submit is for drafts): two stand, two go under "more".
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['view', 'edit', '更多']);
    await user.click(screen.getByRole('button', { name: '「张三」的更多操作' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['grant', 'remove']);
    await user.click(within(menu).getByRole('menuitem', { name: 'remove' }));
    expect(clicked).toHaveBeenCalledWith('remove', row);
  });

  it('shows three applicable actions in the row with no "more"', async () => {
    await renderPage(<RowActions row={{ id: 1, draft: true }} actions={actions.slice(0, 3)} name="x" narrow={false} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['view', 'edit', 'submit']);
  });

  it('on a phone offers every action behind one named button', async () => {
    const user = userEvent.setup();
    await renderPage(<RowActions row={row} actions={actions.slice(0, 2)} name="张三" narrow />);
    const more = screen.getByRole('button', { name: '「张三」的更多操作' });
    expect(screen.getAllByRole('button')).toEqual([more]);
    await user.click(more);
    await waitFor(() => expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['view', 'edit']));
  });
});
