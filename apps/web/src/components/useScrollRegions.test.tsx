import { render, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useScrollRegions } from './useScrollRegions';

/** The test DOM lays nothing out: each box says how wide its content is and how wide it shows. */
function sized(box: HTMLElement | null, content: number, shown: number) {
  if (!box) return;
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: content });
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: shown });
}

function Table({ wide, rows }: { wide: boolean; rows: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useScrollRegions(ref, 'Projects (table, scrolls sideways)');
  return (
    <div ref={ref}>
      <div className="ant-table-content" ref={(box) => sized(box, wide ? 900 : 300, 375)} data-testid="box">
        {Array.from({ length: rows }, (_, i) => `row ${i}`).map((row) => (
          <p key={row}>{row}</p>
        ))}
      </div>
    </div>
  );
}

describe('useScrollRegions', () => {
  it('makes a box that scrolls a named tab stop, and takes the stop away once it fits', async () => {
    let grow: (wide: boolean) => void = () => {};
    function Host() {
      const [wide, setWide] = useState(true);
      const [rows, setRows] = useState(1);
      grow = (next) => {
        setWide(next);
        setRows((n) => n + 1);
      };
      return <Table wide={wide} rows={rows} />;
    }
    const { getByTestId } = render(<Host />);
    const box = getByTestId('box');
    expect(box.getAttribute('tabindex')).toBe('0');
    expect(box.getAttribute('role')).toBe('region');
    expect(box.getAttribute('aria-label')).toBe('Projects (table, scrolls sideways)');

    // The rows change and the table now fits: no stop that would do nothing.
    grow(false);
    await waitFor(() => expect(box.hasAttribute('tabindex')).toBe(false));
    expect(box.hasAttribute('role')).toBe(false);
    expect(box.hasAttribute('aria-label')).toBe(false);
  });

  it('gives no stop to a table that fits from the start', () => {
    const { getByTestId } = render(<Table wide={false} rows={2} />);
    expect(getByTestId('box').hasAttribute('tabindex')).toBe(false);
  });
});
