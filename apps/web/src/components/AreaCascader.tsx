import { AREA_ENDPOINTS, AREA_LEVELS, type AreaItem } from '@macro/contract/areas';
import { App, Cascader } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../api/endpoint';
import { type AreaValue, areaPath, joinAreaPath } from './areaValue';

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  loading?: boolean;
  children?: AreaOption[];
}

interface AreaCascaderProps {
  id?: string;
  /** The chosen codes: an array or a comma-separated string. */
  value?: AreaValue;
  /** The chosen codes joined by commas ('' when cleared). */
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

const toOptions = (items: AreaItem[], level: number): AreaOption[] =>
  items.map((item) => ({ value: item.F_AreaId, label: item.F_AreaName, isLeaf: item.isLeaf || level >= AREA_LEVELS - 1 }));

const childrenOf = (parentId: string) => callEndpoint(AREA_ENDPOINTS.children, { query: { parentId } });

/**
 * The cascading area selector: province, city and county, each level read from
 * the server when it is opened. A value given beforehand has its levels read so it shows names.
 */
export function AreaCascader({ id, value, onChange, placeholder, disabled, 'data-testid': testId }: AreaCascaderProps) {
  const { t } = useTranslation('widgets');
  const { message } = App.useApp();
  const [options, setOptions] = useState<AreaOption[]>([]);
  const tree = useRef<AreaOption[]>([]);
  const path = areaPath(value);
  const pathKey = path.join(',');

  const failed = useCallback(() => message.error(t('area.loadFailed')), [message, t]);

  // The provinces, then the levels of the given value that are not read yet.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        if (!tree.current.length) tree.current = toOptions(await childrenOf(''), 0);
        let level = tree.current;
        const codes = pathKey ? pathKey.split(',') : [];
        for (let i = 0; i < codes.length - 1; i++) {
          const node = level.find((option) => option.value === codes[i]);
          if (!node || node.isLeaf) break;
          node.children ??= toOptions(await childrenOf(node.value), i + 1);
          level = node.children;
        }
        if (!cancelled) setOptions([...tree.current]);
      } catch {
        if (!cancelled) failed();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pathKey, failed]);

  const loadData = async (selected: AreaOption[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    target.loading = true;
    setOptions([...tree.current]);
    try {
      target.children = toOptions(await childrenOf(target.value), selected.length);
    } catch {
      failed();
    } finally {
      target.loading = false;
      setOptions([...tree.current]);
    }
  };

  return (
    <Cascader<AreaOption>
      id={id}
      className={testId ? `area-cascader ${testId}` : 'area-cascader'}
      options={options}
      value={path}
      loadData={loadData}
      changeOnSelect
      disabled={disabled}
      placeholder={placeholder ?? t('area.placeholder')}
      onChange={(next) => onChange?.(joinAreaPath(next as string[] | undefined))}
      style={{ width: '100%' }}
    />
  );
}
