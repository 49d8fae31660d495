import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './AppProviders';

describe('AppProviders', () => {
  it('writes a two-character button label as one word, without antd’s space between the characters', () => {
    render(
      <AppProviders>
        <Button>关闭</Button>
      </AppProviders>,
    );
    expect(screen.getByRole('button').textContent).toBe('关闭');
  });
});
