import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/store';
import { mayFrame } from '../layout/menuTree';
import './pages.css';

/** Spec §2: menu entries whose path is an http(s) link open here, the link passed as ?src=; nothing else does. */
export function FramePage() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const menus = useSession((s) => s.menus);
  const src = params.get('src') ?? '';
  if (!mayFrame(src, menus)) return <Result status="warning" title={t('frame.invalid')} />;
  return <iframe className="frame-page" title={src} src={src} data-testid="frame-page" />;
}
