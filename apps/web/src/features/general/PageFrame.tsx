import { Card, Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** A general page's card: its title and what it was opened with (path and query). */
export function PageFrame({ title, testId, children }: { title: string; testId: string; children?: ReactNode }) {
  const { t } = useTranslation('general');
  const { pathname, search } = useLocation();
  const query = [...new URLSearchParams(search).entries()];
  return (
    <Card title={<h2 className="general-title">{title}</h2>} data-testid={testId}>
      {children}
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginTop: children ? 16 : 0 }}
        items={[
          { key: 'path', label: t('path'), children: <code>{pathname}</code> },
          {
            key: 'query',
            label: t('queryParams'),
            children: query.length ? <code data-testid="page-query">{query.map(([k, v]) => `${k}=${v}`).join(', ')}</code> : t('none'),
          },
        ]}
      />
    </Card>
  );
}
