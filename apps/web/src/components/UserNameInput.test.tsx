import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, renderPage, serveApi } from '../test/render';
import { UserNameInput } from './UserNameInput';

describe('a head named from the users', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the users matching what is typed and fills in the chosen name; other text stays as typed', async () => {
    const calls = serveApi((url) =>
      url.pathname.endsWith('/directory')
        ? { data: pageOf(url.searchParams.get('keyword') === '王' ? [{ id: 5, account: 'wangwu', name: '王五' }] : []) }
        : undefined,
    );
    const changed = vi.fn();
    await renderPage(<UserNameInput onChange={changed} testId="head" />);
    const user = userEvent.setup();
    const input = screen.getByRole('combobox');
    await user.type(input, '王');
    await user.click(await screen.findByText('王五 (wangwu)'));
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith('王五'));
    expect(calls.some((c) => c.url.searchParams.get('keyword') === '王')).toBe(true);
  });
});
