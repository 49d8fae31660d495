import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { PageFrame } from './PageFrame';

/** /form-detail/index: a read-only detail page (the signed-in user's record), shown without the sidebar. */
export function FormDetailPage() {
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
