import type { OAuthClientWithSecret } from '@macro/contract/oauthclients';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The secret of a client just created or rotated, shown this once: the server keeps only its
 * hash, so closing the dialog loses it for good. The close button says so.
 */
export function SecretDialog({ answer, onClose }: { answer: OAuthClientWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation('oauthclients');
  return (
    <Modal
      open={answer !== null}
      title={t('secret.title')}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button key="done" type="primary" onClick={onClose} data-testid="oauth-client-secret-done">
          {t('secret.done')}
        </Button>,
      ]}
      modalRender={(node) => <div data-testid="oauth-client-secret-dialog">{node}</div>}
    >
      {answer ? (
        <>
          <Alert type="warning" showIcon title={t('secret.once')} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('field.clientId')}>
              <Typography.Text copyable={{ tooltips: [t('secret.copy'), t('secret.copied')] }} data-testid="oauth-client-secret-id">
                {answer.client.clientId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('secret.label')}>
              <Typography.Text
                code
                copyable={{ tooltips: [t('secret.copy'), t('secret.copied')] }}
                style={{ wordBreak: 'break-all' }}
                data-testid="oauth-client-secret-value"
              >
                {answer.clientSecret}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
    </Modal>
  );
}
