import { Modal, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { previewKindOf, UNSUPPORTED_CLOSE_MS } from './filePreview';
import './filePreview.css';

export interface PreviewFile {
  /** Address of the file: a URL, a `data:` or a `blob:` address. */
  url: string;
  /** File name (its extension decides the type when no MIME type is known). */
  name?: string;
  /** MIME type, when known. */
  type?: string;
}

interface FilePreviewProps {
  /** The file shown; null closes the dialog. */
  file: PreviewFile | null;
  onClose: () => void;
}

/**
 * The file preview dialog: images (gif, jpg, jpeg, png), mp4 video, or pdf in an
 * embedded frame. Any other type says so and closes after 300 ms.
 */
export function FilePreview({ file, onClose }: FilePreviewProps) {
  const { t } = useTranslation('widgets');
  const kind = file ? previewKindOf(file) : null;
  const title = file?.name || t('preview.title');

  // The caller's handler may be a new function on every render; the timer must not restart.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!file || kind) return;
    const timer = window.setTimeout(() => close.current(), UNSUPPORTED_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [file, kind]);

  return (
    <Modal
      open={file !== null}
      title={title}
      onCancel={onClose}
      footer={null}
      width={kind === 'pdf' ? 960 : 720}
      destroyOnHidden
      className="file-preview"
      data-testid="file-preview"
    >
      {file && kind === 'image' ? <img className="file-preview-media" src={file.url} alt={title} data-testid="file-preview-image" /> : null}
      {file && kind === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: files users uploaded carry no caption track
        <video className="file-preview-media" src={file.url} controls data-testid="file-preview-video" />
      ) : null}
      {file && kind === 'pdf' ? <iframe className="file-preview-frame" src={file.url} title={title} data-testid="file-preview-pdf" /> : null}
      {file && !kind ? (
        <Typography.Text type="secondary" data-testid="file-preview-unsupported">
          {t('preview.unsupported')}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
