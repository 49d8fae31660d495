import { STAMP_IMAGE_MAX_BYTES, STAMP_IMAGE_TYPES } from '@macro/contract/stamps';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStampImage } from './api';

interface StampImageInputProps {
  id?: string;
  /** A data URL of a newly chosen image; undefined keeps the stored one. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The stored image's stamp, shown until another is chosen. */
  stampId?: number;
  disabled?: boolean;
  testId: string;
}

const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Chooses the stamp's image: PNG, JPEG, GIF or WebP up to 5 MB (spec 001 §5), refused above with the spec's message. */
export function StampImageInput({ id, value, onChange, stampId, disabled, testId }: StampImageInputProps) {
  const { t } = useTranslation('stamps');
  const { message } = App.useApp();
  const stored = useStampImage(value ? undefined : stampId);
  const shown = value ?? stored.data?.image;
  return (
    <Space align="start" wrap>
      {shown ? <Image src={shown} alt={t('field.image')} width={96} height={96} style={{ objectFit: 'contain' }} data-testid={`${testId}-preview`} /> : null}
      {disabled ? null : (
        <Upload
          accept={STAMP_IMAGE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size > STAMP_IMAGE_MAX_BYTES) {
              message.error(t('messages:stamps.imageTooLarge'));
            } else if (!(STAMP_IMAGE_TYPES as readonly string[]).includes(file.type)) {
              message.error(t('messages:stamps.imageType'));
            } else {
              void readAsDataUrl(file).then((url) => onChange?.(url));
            }
            // Nothing is sent on its own: the image travels with the stamp when it is saved.
            return Upload.LIST_IGNORE;
          }}
        >
          <Button id={id} icon={<UploadOutlined />} data-testid={testId}>
            {t(shown ? 'form.imageReplace' : 'form.imageChoose')}
          </Button>
        </Upload>
      )}
    </Space>
  );
}
