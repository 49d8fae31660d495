import { feedbackCreate, LOG_ENDPOINTS } from '@macro/contract/logs';
import { App, type ButtonProps, Form, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint';
import { zodRule } from '../../components/zodRule';

/** Stands in for images that cannot be loaded (a broken link must not fail the capture). */
const PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
const ROOT_CLASS = 'feedback-dialog-root';

/** A JPEG (quality 0.8) of what the user sees, without this dialog. */
export async function captureScreen(): Promise<string> {
  const { toJpeg } = await import('html-to-image');
  return toJpeg(document.body, {
    quality: 0.8,
    pixelRatio: 1,
    width: window.innerWidth,
    height: window.innerHeight,
    backgroundColor: '#ffffff',
    imagePlaceholder: PLACEHOLDER,
    skipFonts: true,
    cacheBust: false,
    filter: (node) => !(node instanceof HTMLElement && node.classList.contains(ROOT_CLASS)),
  });
}

/** Spec 000 §2: a text and a screenshot of the page, sent to the administrators. */
export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('logs');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ text: string }>();
  const [image, setImage] = useState<string | null>(null);
  const [capture, setCapture] = useState<'running' | 'done' | 'failed'>('running');
  const send = useEndpointMutation(LOG_ENDPOINTS.feedback);

  useEffect(() => {
    let live = true;
    captureScreen().then(
      (url) => {
        if (!live) return;
        setImage(url);
        setCapture('done');
      },
      () => live && setCapture('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = async () => {
    const { text } = await form.validateFields();
    await send.mutateAsync({ body: { text, url: window.location.pathname, ...(image ? { img: image } : {}) } });
    message.success(t('feedback.success'));
    onClose();
  };

  return (
    <Modal
      open
      rootClassName={ROOT_CLASS}
      title={t('feedback.title')}
      width={720}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('feedback.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: send.isPending, disabled: capture === 'running', 'data-testid': 'feedback-submit' } as ButtonProps}
      modalRender={(node) => <div data-testid="feedback-dialog">{node}</div>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="text" label={t('field.text')} rules={[zodRule(feedbackCreate.shape.text, t)]}>
          <Input.TextArea rows={4} placeholder={t('feedback.placeholder')} data-testid="feedback-text" />
        </Form.Item>
      </Form>
      <div className="feedback-shot" data-testid="feedback-screenshot" aria-live="polite">
        {capture === 'running' ? (
          <Spin description={t('feedback.capturing')}>
            <div style={{ height: 120 }} />
          </Spin>
        ) : capture === 'failed' ? (
          <Typography.Text type="warning">{t('feedback.captureFailed')}</Typography.Text>
        ) : (
          <img src={image ?? undefined} alt={t('feedback.screenshotAlt')} style={{ width: '100%', border: '1px solid #f0f0f0' }} data-testid="feedback-image" />
        )}
      </div>
    </Modal>
  );
}
