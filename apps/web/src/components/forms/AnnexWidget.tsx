import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { ANNEX_ACCEPT, ANNEX_ENDPOINTS as A, ANNEX_MAX_BYTES, ANNEX_TYPES, extensionOf } from '@macro/contract/forms';
import type { WidgetProps } from '@rjsf/utils';
import { useQueries } from '@tanstack/react-query';
import { App, Button, List, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, endpointKey } from '../../api/endpoint';
import { ApiError } from '../../api/http';
import { MESSAGES_NS } from '../../i18n';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * A form's file field: its value is the list of annex ids. Files upload as they are chosen
 * (checked for type and size here and again on the server), show with a download link, and
 * leave the list with their remove button; a file uploaded here and removed again is deleted.
 */
export function AnnexWidget({ id, value, onChange, disabled, readonly, schema, label }: WidgetProps) {
  const { t } = useTranslation('formview');
  const { message } = App.useApp();
  const ids = (Array.isArray(value) ? value : []) as string[];
  const [uploading, setUploading] = useState(false);
  const [uploadedHere] = useState(() => new Set<string>());
  const infos = useQueries({
    queries: ids.map((annexId) => ({
      queryKey: endpointKey(A.url, { params: { id: annexId } }),
      queryFn: () => callEndpoint(A.url, { params: { id: annexId } }),
    })),
  });
  const locked = disabled || readonly;
  const limit = schema.maxItems ?? Number.POSITIVE_INFINITY;

  const upload = async (file: File) => {
    if (!(extensionOf(file.name) in ANNEX_TYPES)) return void message.error(t(`${MESSAGES_NS}:forms.annexType`));
    if (file.size > ANNEX_MAX_BYTES) return void message.error(t(`${MESSAGES_NS}:common.fileTooLarge`, { mb: ANNEX_MAX_BYTES / 1024 / 1024 }));
    setUploading(true);
    try {
      const stored = await callEndpoint(A.upload, { body: { file } });
      uploadedHere.add(stored.id);
      onChange([...ids, stored.id]);
    } catch (error) {
      // A request that never answered: the spec's "upload timed out, refresh".
      message.error(
        error instanceof ApiError && error.status === 0 ? t(`${MESSAGES_NS}:forms.uploadTimeout`) : error instanceof Error ? error.message : String(error),
      );
    } finally {
      setUploading(false);
    }
  };
  const remove = (annexId: string) => {
    onChange(ids.filter((i) => i !== annexId));
    if (uploadedHere.has(annexId)) void callEndpoint(A.remove, { params: { id: annexId } }).catch(() => undefined);
  };

  return (
    <div id={id} data-testid={`annexes-${id}`}>
      {ids.length ? (
        <List
          size="small"
          dataSource={ids.map((annexId, i) => ({ annexId, info: infos[i]?.data, missing: infos[i]?.isError }))}
          renderItem={({ annexId, info, missing }) => (
            <List.Item
              actions={
                locked
                  ? []
                  : [
                      <Button
                        key="remove"
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(annexId)}
                        aria-label={t('annex.remove', { name: info?.fileName ?? annexId })}
                      />,
                    ]
              }
            >
              <PaperClipOutlined aria-hidden />{' '}
              {info ? (
                <a href={info.url} download={info.fileName}>
                  {info.fileName}
                </a>
              ) : (
                <Typography.Text type={missing ? 'danger' : 'secondary'}>{missing ? t('annex.missing') : annexId}</Typography.Text>
              )}{' '}
              {info ? <Typography.Text type="secondary">{sizeText(info.size)}</Typography.Text> : null}
            </List.Item>
          )}
        />
      ) : locked ? (
        <Typography.Text type="secondary">{t('annex.none')}</Typography.Text>
      ) : null}
      {locked ? null : (
        <Upload
          accept={ANNEX_ACCEPT}
          showUploadList={false}
          multiple={false}
          disabled={uploading || ids.length >= limit}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button
            icon={<UploadOutlined />}
            loading={uploading}
            disabled={ids.length >= limit}
            aria-label={t('annex.upload', { field: label })}
            data-testid={`annex-upload-${id}`}
          >
            {t('annex.choose')}
          </Button>
        </Upload>
      )}
    </div>
  );
}
