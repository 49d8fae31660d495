import type { RelationRecord, Scheme } from '@macro/contract/workflow';
import { Alert, App, Form, Modal, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostPicker } from '../../components/PostPicker';
import { RolePicker } from '../../components/RolePicker';
import { UserPicker } from '../../components/UserPicker';
import { useSaveAuthority, useSchemeAuthority } from './api';

interface Props {
  scheme: Scheme;
  onClose: () => void;
}

interface Authority {
  users: number[];
  roles: number[];
  posts: number[];
}

/** Most names the dialog lists of who may start; the rest are counted. */
const SHOWN_USERS = 20;

/**
 * Template authority: who may start the template, by person, role or post. None
 * chosen leaves it open to everyone holding the start permission. Saved on the template's
 * relation, which the launch list and the start call both check.
 */
export function AuthorityDialog({ scheme, onClose }: Props) {
  const { t } = useTranslation('schemes');
  const { relation, users, loading, failed } = useSchemeAuthority(scheme.id);
  return (
    <Modal
      open
      title={t('authority.title', { name: scheme.name })}
      footer={loading || failed ? null : undefined}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(node) => <div data-testid="scheme-authority-dialog">{node}</div>}
      okButtonProps={{ form: 'scheme-authority', htmlType: 'submit', 'data-testid': 'scheme-authority-save' }}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
    >
      {failed ? (
        <Alert type="error" showIcon title={t('authority.loadFailed')} />
      ) : loading ? (
        <Spin />
      ) : (
        <AuthorityForm scheme={scheme} relation={relation} onSaved={onClose} />
      )}
      {loading || failed ? null : (
        <div style={{ marginTop: 8 }} data-testid="scheme-authority-who">
          <Typography.Text strong>{t('authority.who')}</Typography.Text>{' '}
          {users.data?.open ? (
            <Typography.Text>{t('authority.everyone')}</Typography.Text>
          ) : users.data?.users.length ? (
            <>
              {users.data.users.slice(0, SHOWN_USERS).map((user) => (
                <Tag key={user.userId}>{`${user.name} (${user.account})`}</Tag>
              ))}
              {users.data.users.length > SHOWN_USERS ? (
                <Typography.Text>{t('authority.more', { count: users.data.users.length - SHOWN_USERS })}</Typography.Text>
              ) : null}
            </>
          ) : users.data ? (
            <Alert type="warning" showIcon title={t('authority.nobody')} style={{ marginTop: 8 }} />
          ) : null}
        </div>
      )}
    </Modal>
  );
}

function AuthorityForm({ scheme, relation, onSaved }: { scheme: Scheme; relation: RelationRecord | null; onSaved: () => void }) {
  const { t } = useTranslation('schemes');
  const { message } = App.useApp();
  const [initial] = useState<Authority>(() => relation?.authority ?? { users: [], roles: [], posts: [] });
  const { create, update } = useSaveAuthority();
  const save = async (authority: Authority) => {
    const body = {
      name: relation?.name ?? scheme.name,
      nwfSchemeInfoId: scheme.id,
      formKey: relation?.formKey ?? '',
      remark: relation?.remark ?? '',
      authority: { users: authority.users ?? [], roles: authority.roles ?? [], posts: authority.posts ?? [] },
    };
    try {
      if (relation) await update.mutateAsync({ params: { id: String(relation.id) }, body });
      else await create.mutateAsync({ body });
      message.success(t('authority.saved'));
      onSaved();
    } catch {
      // The request layer has shown the server's message.
    }
  };
  return (
    <Form<Authority> id="scheme-authority" name="scheme-authority" layout="vertical" initialValues={initial} onFinish={save}>
      <Typography.Paragraph type="secondary">{t('authority.help')}</Typography.Paragraph>
      <Form.Item name="users" label={t('authority.users')}>
        <UserPicker multiple testId="scheme-authority-users" placeholder={t('authority.usersPlaceholder')} />
      </Form.Item>
      <Form.Item name="roles" label={t('authority.roles')}>
        <RolePicker testId="scheme-authority-roles" placeholder={t('designer.rolesPlaceholder')} />
      </Form.Item>
      <Form.Item name="posts" label={t('authority.posts')}>
        <PostPicker testId="scheme-authority-posts" placeholder={t('designer.postsPlaceholder')} />
      </Form.Item>
    </Form>
  );
}
