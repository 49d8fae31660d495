import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/store';
import { flatMenuLeaves } from '../../shell/layout/menuTree';
import { PageFrame } from './PageFrame';

/** /wel/more: every page of the user's menus on one list, for those who prefer it to the sidebar. */
export function MorePage() {
  const { t, i18n } = useTranslation('general');
  const menus = useSession((s) => s.menus);
  const leaves = useMemo(() => flatMenuLeaves(menus, i18n), [menus, i18n]);
  return (
    <PageFrame title={t('more.title')} testId="general-more">
      {leaves.length ? (
        <ul className="general-links">
          {leaves.map((leaf) => (
            <li key={leaf.path}>
              <Link to={leaf.path}>{leaf.trail.join(' / ')}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('more.empty')}</p>
      )}
    </PageFrame>
  );
}
