import { STAMP_IMAGE_MAX_BYTES } from '@macro/contract/stamps';
import { Image, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../components/ImagePicker';
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

/** Chooses the stamp's image: PNG, JPEG, GIF or WebP up to 5 MB, refused above with the spec's message. */
export function StampImageInput({ id, value, onChange, stampId, disabled, testId }: StampImageInputProps) {
  const { t } = useTranslation('stamps');
  const stored = useStampImage(value ? undefined : stampId);
  const shown = value ?? stored.data?.image;
  return (
    <Space align="start" wrap>
      {shown ? <Image src={shown} alt={t('field.image')} width={96} height={96} style={{ objectFit: 'contain' }} data-testid={`${testId}-preview`} /> : null}
      {disabled ? null : (
        <ImagePicker
          id={id}
          maxBytes={STAMP_IMAGE_MAX_BYTES}
          messages={{ tooLarge: t('messages:stamps.imageTooLarge'), type: t('messages:stamps.imageType') }}
          // Nothing is sent on its own: the image travels with the stamp when it is saved.
          onPicked={(url) => onChange?.(url)}
          testId={testId}
        >
          {t(shown ? 'form.imageReplace' : 'form.imageChoose')}
        </ImagePicker>
      )}
    </Space>
  );
}
