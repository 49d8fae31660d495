import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { hashLockPassword } from '../../session/lockHash';
import { useSession } from '../../session/store';

interface LockForm {
  password: string;
}

/** Spec §2 lock-screen dialog: setting a lock password locks the console (the guard goes to /lock). */
export function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<LockForm>();
  const lock = useSession((s) => s.lock);
  const { pathname, search } = useLocation();

  const submit = async () => {
    const { password } = await form.validateFields();
    onClose();
    lock(await hashLockPassword(password), pathname + search);
  };

  return (
    <Modal
      open={open}
      title={t('lock.title')}
      okText={t('lock.confirm')}
      cancelText={t('common:cancel')}
      onOk={submit}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      modalRender={(node) => <div data-testid="lock-dialog">{node}</div>}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('lock.password')}
          validateTrigger="onBlur"
          rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoFocus autoComplete="new-password" data-testid="lock-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
