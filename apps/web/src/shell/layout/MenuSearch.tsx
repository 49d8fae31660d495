import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, type InputRef, Modal } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/store';
import { loadPinyin, type PinyinOf, preloadPinyin, searchMenus } from './menuSearch';
import { flatMenuLeaves, openMenuPath } from './menuTree';

/**
 * Spec 000 §2 menu search panel: a button in the top bar (or Ctrl+K) opens it; typing lists the
 * pages whose label starts with the text, or whose pinyin does; arrows move, Enter opens, Esc closes.
 */
export function MenuSearch() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    // The pinyin code comes once the console is idle, so the first search need not wait for it.
    const idle = window.setTimeout(() => void preloadPinyin().catch(() => undefined), 2000);
    return () => window.clearTimeout(idle);
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('search.open')}
        aria-haspopup="dialog"
        data-testid="menu-search-open"
      />
      {open ? <SearchPanel onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SearchPanel({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const menus = useSession((s) => s.menus);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [pinyinOf, setPinyinOf] = useState<PinyinOf>();
  const inputRef = useRef<InputRef>(null);

  useEffect(() => {
    let live = true;
    // Pinyin only helps Chinese labels; it is fetched when the panel first opens.
    loadPinyin().then(
      (convert) => live && setPinyinOf(() => convert),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const leaves = useMemo(() => flatMenuLeaves(menus, i18n), [menus, i18n]);
  const results = useMemo(() => searchMenus(leaves, query, pinyinOf), [leaves, query, pinyinOf]);
  const current = Math.min(active, Math.max(results.length - 1, 0));

  const choose = (path: string) => {
    onClose();
    openMenuPath(path, navigate);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + results.length) % results.length);
    } else if (event.key === 'Enter' && results[current]) {
      event.preventDefault();
      choose(results[current].path);
    }
  };

  const optionId = (index: number) => `menu-search-option-${index}`;
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      title={t('search.title')}
      width={560}
      destroyOnHidden
      // The dialog focuses itself when it opens; the text box is where typing goes.
      afterOpenChange={(opened) => opened && inputRef.current?.focus()}
      className="menu-search"
      data-testid="menu-search"
    >
      <Input
        ref={inputRef}
        autoFocus
        prefix={<SearchOutlined />}
        value={query}
        placeholder={t('search.placeholder')}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls="menu-search-results"
        aria-activedescendant={results.length ? optionId(current) : undefined}
        aria-autocomplete="list"
        aria-label={t('search.placeholder')}
        data-testid="menu-search-input"
      />
      <div id="menu-search-results" role="listbox" aria-label={t('search.results')} className="menu-search-results">
        {results.map((leaf, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrows and Enter choose; a click is the pointer's way.
          <div
            key={leaf.path}
            tabIndex={-1}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={index === current ? 'menu-search-option menu-search-option-active' : 'menu-search-option'}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(leaf.path)}
            data-testid="menu-search-option"
          >
            <span className="menu-search-label">{leaf.label}</span>
            {leaf.trail.length > 1 ? <span className="menu-search-trail">{leaf.trail.slice(0, -1).join(' / ')}</span> : null}
          </div>
        ))}
      </div>
      {query.trim() && results.length === 0 ? (
        <p className="menu-search-empty" role="status">
          {t('search.empty')}
        </p>
      ) : null}
    </Modal>
  );
}
