import { Descriptions } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/store';
import { PageFrame } from './PageFrame';

const RecordDetailPage = lazy(() => import('../forms/public').then((m) => ({ default: m.RecordDetailPage })));

/**
 * /form-detail/index: a read-only detail page, shown without the sidebar: the record
 * `primaryKey` of the form `F_FormId`, or without them the signed-in user's own record.
 */
export function FormDetailPage() {
  const [params] = useSearchParams();
  const formId = Number(params.get('F_FormId'));
  const key = params.get('primaryKey');
  if (Number.isSafeInteger(formId) && formId > 0 && key) return <RecordDetailPage key={`${formId}-${key}`} schemeId={formId} recordKey={key} />;
  return <OwnRecord />;
}

function OwnRecord() {
  const { t } = useTranslation('general');
  const info = useSession((s) => s.userInfo);
  const user = useSession((s) => s.user);
  return (
    <PageFrame title={t('formDetail.title')} testId="general-form-detail">
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'account', label: t('formDetail.account'), children: info?.account ?? user?.account },
          { key: 'name', label: t('formDetail.name'), children: info?.name ?? user?.nick_name },
          { key: 'dept', label: t('formDetail.dept'), children: user?.dept_name },
          { key: 'role', label: t('formDetail.role'), children: info?.roleName ?? user?.role_name },
          { key: 'email', label: t('formDetail.email'), children: info?.email },
          { key: 'phone', label: t('formDetail.phone'), children: info?.phone },
        ]}
      />
    </PageFrame>
  );
}
