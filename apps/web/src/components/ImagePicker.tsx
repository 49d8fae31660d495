import { IMAGE_TYPES } from '@macro/contract';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import type { ReactNode } from 'react';

/** A file read as a data URL, as the contract's upload bodies take it. */
export const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

interface ImagePickerProps {
  id?: string;
  /** Largest file accepted, in bytes; a larger one is refused with `messages.tooLarge`. */
  maxBytes: number;
  /** What is said for a file too large or not one of the platform's image types. */
  messages: { tooLarge: string; type: string };
  /** The chosen image as a data URL, as the contract's `imageDataUrl` takes it. */
  onPicked: (dataUrl: string) => void;
  loading?: boolean;
  testId: string;
  children: ReactNode;
}

/**
 * A button that chooses one image (PNG, JPEG, GIF or WebP) and hands it over as a data URL,
 * checked in the browser first with the same limits the server applies. Nothing is sent here.
 */
export function ImagePicker({ id, maxBytes, messages, onPicked, loading, testId, children }: ImagePickerProps) {
  const { message } = App.useApp();
  return (
    <Upload
      accept={IMAGE_TYPES.join(',')}
      showUploadList={false}
      beforeUpload={(file) => {
        if (file.size > maxBytes) message.error(messages.tooLarge);
        else if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) message.error(messages.type);
        else void readAsDataUrl(file).then(onPicked);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button id={id} icon={<UploadOutlined />} loading={loading} data-testid={testId}>
        {children}
      </Button>
    </Upload>
  );
}
