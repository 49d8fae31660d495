import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, serveApi } from '../../test/render';
import { type DesignField, documentFromFields, newField } from './designerModel';
import { FieldProperties } from './FieldProperties';

afterEach(() => vi.unstubAllGlobals());

/** The panel over one field, its changes applied as the designer applies them. */
function Panel({ initial, onField }: { initial: DesignField; onField: (field: DesignField) => void }) {
  const [field, setField] = useState(initial);
  return (
    <FieldProperties
      field={field}
      taken={[field.name]}
      onChange={(patch) => {
        const next = { ...field, ...patch };
        setField(next);
        onField(next);
      }}
    />
  );
}

describe('the options of a choice in the designer', () => {
  it('come from a data source chosen from the API, with its value and label columns', async () => {
    const calls = serveApi((url) => {
      if (url.pathname === '/api/data-sources') return { data: [{ id: 12, name: '在职员工', linkId: 3 }] };
      if (url.pathname === '/api/data-sources/12/fields')
        return {
          data: [
            { name: 'uid', type: 'int4' },
            { name: 'name', type: 'text' },
          ],
        };
      return undefined;
    });
    let field = newField('select', [], '员工');
    await renderPage(<Panel initial={field} onField={(next) => (field = next)} />);
    const user = userEvent.setup();
    // Fixed options first; nothing is asked of the data sources yet.
    expect(screen.getByTestId('prop-add-option')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.startsWith('/api/data-sources'))).toBe(false);

    await user.click(screen.getByRole('combobox', { name: '选项来源' }));
    await user.click(await screen.findByTitle('数据源'));
    expect(screen.queryByTestId('prop-add-option')).toBeNull();
    await user.click(screen.getByTestId('prop-data-source'));
    await user.click(await screen.findByTitle('在职员工'));
    await user.click(screen.getByTestId('prop-data-source-value'));
    await user.click(await screen.findByTitle('uid (int4)'));
    await user.click(screen.getByTestId('prop-data-source-label'));
    await user.click((await screen.findAllByTitle('name (text)')).at(-1)!);
    expect(field.dataSource).toEqual({ id: 12, value: 'uid', label: 'name' });
    const document = documentFromFields([field]);
    expect(document.uiSchema.select1).toMatchObject({ 'ui:options': { dataSource: { id: 12, value: 'uid', label: 'name' } } });
    expect(document.schema.properties.select1).not.toHaveProperty('enum');

    // Back to a dictionary: the data source goes.
    await user.click(screen.getByRole('combobox', { name: '选项来源' }));
    await user.click(await screen.findByTitle('数据字典'));
    expect(field.dataSource).toBeUndefined();
    expect(screen.getByTestId('prop-dictionary')).toBeInTheDocument();
  });

  it('offers radio buttons fixed options or a data source, not a dictionary', async () => {
    serveApi(() => undefined);
    await renderPage(<Panel initial={newField('radio', [], '替补')} onField={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: '选项来源' }));
    expect(await screen.findByTitle('数据源')).toBeInTheDocument();
    expect(screen.queryByTitle('数据字典')).toBeNull();
  });
});
