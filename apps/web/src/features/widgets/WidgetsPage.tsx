import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaCascader } from '../../components/AreaCascader';
import { FilePreview, type PreviewFile } from '../../components/FilePreview';
import type { MapPoint } from '../../components/map/mapConfig';
import { MapPointInput } from '../../components/map/MapPicker';
import './widgets.css';

/** The console's shared widgets on one page (/wel/widgets): preview, area selector, map picker. */
export function WidgetsPage() {
  const { t } = useTranslation('widgets');
  return (
    <div data-testid="widgets-page">
      <Typography.Title level={3}>{t('page.title')}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <PreviewCard />
        </Col>
        <Col xs={24} lg={12}>
          <AreaCard />
        </Col>
        <Col xs={24}>
          <MapCard />
        </Col>
      </Row>
    </div>
  );
}

/** A file chosen on this computer, opened in the preview dialog. */
function PreviewCard() {
  const { t } = useTranslation('widgets');
  const [file, setFile] = useState<PreviewFile | null>(null);
  // The chosen file's address lives as long as the dialog shows it.
  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);
  return (
    <Card title={t('page.preview')}>
      <Typography.Paragraph type="secondary">{t('page.previewHint')}</Typography.Paragraph>
      <Upload
        showUploadList={false}
        beforeUpload={(chosen) => {
          setFile({ url: URL.createObjectURL(chosen), name: chosen.name, type: chosen.type });
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} data-testid="widgets-preview-choose">
          {t('page.previewChoose')}
        </Button>
      </Upload>
      <FilePreview file={file} onClose={() => setFile(null)} />
    </Card>
  );
}

/** The area selector fed with a comma-separated string or an array; it emits the joined string. */
function AreaCard() {
  const { t } = useTranslation('widgets');
  const [fromString, setFromString] = useState('44,4403,440305');
  const [fromArray, setFromArray] = useState<string | string[]>(['11', '1101']);
  return (
    <Card title={t('page.area')}>
      <Form layout="vertical">
        <Form.Item label={t('page.areaFromString')}>
          <AreaCascader value={fromString} onChange={setFromString} data-testid="widgets-area-string" />
          <Typography.Text type="secondary" data-testid="widgets-area-string-value">
            {t('page.emitted', { value: fromString || '—' })}
          </Typography.Text>
        </Form.Item>
        <Form.Item label={t('page.areaFromArray')}>
          <AreaCascader value={fromArray} onChange={setFromArray} data-testid="widgets-area-array" />
          <Typography.Text type="secondary" data-testid="widgets-area-array-value">
            {t('page.emitted', { value: (typeof fromArray === 'string' ? fromArray : `[${fromArray.join(', ')}]`) || '—' })}
          </Typography.Text>
        </Form.Item>
      </Form>
    </Card>
  );
}

function MapCard() {
  const { t } = useTranslation('widgets');
  const [point, setPoint] = useState<MapPoint | null>(null);
  return (
    <Card title={t('page.map')}>
      <div className="widgets-stack">
        <MapPointInput value={point} onChange={setPoint} data-testid="widgets-map" />
        {point ? <Input.TextArea readOnly autoSize value={JSON.stringify(point, null, 2)} aria-label={t('page.map')} data-testid="widgets-map-json" /> : null}
      </div>
    </Card>
  );
}
