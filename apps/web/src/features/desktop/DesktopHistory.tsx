import type { DesktopScheme } from '@macro/contract/desktop';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionHistory } from '../../components/crud/VersionHistory';
import { useDesktopHistory, useDesktopVersion, useSetNewVersion } from './api';
import { DesktopView } from './DesktopView';

/** The saved versions of a desktop, newest first: look at one as it was, or make it the newest again. */
export function DesktopHistory({ scheme, onClose }: { scheme: DesktopScheme; onClose: () => void }) {
  const { t } = useTranslation('desktop');
  const { message, modal } = App.useApp();
  const history = useDesktopHistory(scheme.id);
  const setNew = useSetNewVersion();
  const [version, setVersion] = useState<number | undefined>();
  const shown = useDesktopVersion(scheme.id, version);
  const newest = history.data?.[0]?.version;
  const restore = (v: number) =>
    modal.confirm({
      title: t('history.restoreTitle', { version: v }),
      content: t('history.restoreBody'),
      okText: t('history.restore'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'desktop-restore-confirm' },
      onOk: () =>
        setNew.mutateAsync({ body: { schemeId: scheme.id, version: v } }).then((saved) => {
          message.success(t('done.restored', { version: v, next: saved.version }));
          setVersion(undefined);
        }),
    });
  return (
    <VersionHistory
      open
      title={t('history.title', { name: scheme.name })}
      onClose={onClose}
      width="min(1100px, 100vw)"
      testId="desktop"
      t={t}
      history={history}
      extra={{ dataIndex: 'widgetCount', title: t('field.widgetCount'), width: 100 }}
      version={version}
      onVersion={setVersion}
      shown={shown.data ? <DesktopView content={shown.data} /> : undefined}
      actions={(row) =>
        row.version !== newest ? (
          <Button type="link" size="small" onClick={() => restore(row.version)} data-testid={`desktop-restore-${row.version}`}>
            {t('history.restore')}
          </Button>
        ) : null
      }
    />
  );
}
