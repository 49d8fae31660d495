import { EnvironmentOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Empty, Form, Input, InputNumber, Modal, Row, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeafletHandle } from './leafletMap';
import { isValidPoint, MAP_DEFAULT_CENTER, type MapPoint, mapConfig, searchPlaces } from './mapConfig';
import './mapPicker.css';

interface MapPickerProps {
  open: boolean;
  /** The point shown when it opens. */
  value?: MapPoint | null;
  onConfirm: (point: MapPoint) => void;
  onCancel: () => void;
}

type Problem = 'notConfigured' | 'tiles' | 'mapLoad' | 'search';

/**
 * The map picker: search a place or click the map (zoom 13, 10 results),
 * then confirm. The map's tiles and search come from addresses the server configures; when
 * they are missing or unreachable the dialog says so and the point can still be typed in.
 */
export function MapPicker({ open, value, onConfirm, onCancel }: MapPickerProps) {
  const { t, i18n } = useTranslation('widgets');
  const [form] = Form.useForm<MapPoint>();
  const config = mapConfig();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletHandle | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [results, setResults] = useState<MapPoint[] | null>(null);
  const [searching, setSearching] = useState(false);
  const longitude = Form.useWatch('longitude', form);
  const latitude = Form.useWatch('latitude', form);

  const report = (problem: Problem) => setProblems((current) => (current.includes(problem) ? current : [...current, problem]));

  // Opening: the given point in the form, then Leaflet (its own chunk) on the element.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per opening, from the point given then and the page's configuration
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(value ?? { longitude: undefined, latitude: undefined, name: '', formattedAddress: '' });
    setResults(null);
    setProblems(config.tiles ? [] : ['notConfigured']);
    let disposed = false;
    void import('./leafletMap')
      .then(({ createLeafletMap }) => {
        if (disposed || !element.current) return;
        map.current = createLeafletMap(element.current, {
          tiles: config.tiles,
          attribution: config.attribution,
          center: value ?? MAP_DEFAULT_CENTER,
          onPick: (lng, lat) => {
            form.setFieldsValue({ longitude: lng, latitude: lat });
            map.current?.show(lng, lat);
          },
          onTileError: () => report('tiles'),
        });
        if (value && isValidPoint(value.longitude, value.latitude)) map.current.show(value.longitude, value.latitude);
      })
      .catch(() => report('mapLoad'));
    return () => {
      disposed = true;
      map.current?.destroy();
      map.current = null;
    };
  }, [open]);

  const search = async (text: string) => {
    if (!text.trim() || !config.geocoder) return;
    setSearching(true);
    try {
      setResults(await searchPlaces(config.geocoder, text.trim(), i18n.language));
      setProblems((current) => current.filter((p) => p !== 'search'));
    } catch {
      setResults(null);
      report('search');
    } finally {
      setSearching(false);
    }
  };

  const choose = (point: MapPoint) => {
    form.setFieldsValue(point);
    map.current?.show(point.longitude, point.latitude);
  };

  const confirm = async () => {
    const point = await form.validateFields();
    onConfirm({ longitude: point.longitude, latitude: point.latitude, name: point.name ?? '', formattedAddress: point.formattedAddress ?? '' });
  };

  return (
    <Modal
      open={open}
      title={t('map.title')}
      width={880}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      className="map-picker"
      data-testid="map-picker"
      footer={
        <Space>
          <Button onClick={onCancel} data-testid="map-picker-cancel">
            {t('map.cancel')}
          </Button>
          <Button type="primary" onClick={() => void confirm()} disabled={!isValidPoint(longitude, latitude)} data-testid="map-picker-confirm">
            {t('map.confirm')}
          </Button>
        </Space>
      }
    >
      {problems.map((problem) => (
        <Alert key={problem} type="warning" showIcon className="map-picker-alert" title={t(`map.problem.${problem}`)} data-testid={`map-picker-${problem}`} />
      ))}
      <Input.Search
        placeholder={config.geocoder ? t('map.searchPlaceholder') : t('map.searchOff')}
        disabled={!config.geocoder}
        enterButton={t('map.search')}
        loading={searching}
        onSearch={(text) => void search(text)}
        aria-label={t('map.search')}
        data-testid="map-picker-search"
      />
      {results ? (
        <ul className="map-picker-results" aria-label={t('map.results')}>
          {results.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('map.noResults')} /> : null}
          {results.map((point) => (
            <li key={`${point.longitude},${point.latitude},${point.name}`}>
              <button type="button" className="map-picker-result" onClick={() => choose(point)} data-testid="map-picker-result">
                <Typography.Text strong>{point.name}</Typography.Text>
                <Typography.Text type="secondary">{point.formattedAddress}</Typography.Text>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div ref={element} className="map-picker-map" data-testid="map-picker-map" aria-label={t('map.mapLabel')} role="application" />
      <Typography.Text type="secondary">{t('map.hint')}</Typography.Text>
      <Form form={form} layout="vertical" className="map-picker-form">
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="longitude"
              label={t('map.longitude')}
              rules={[{ required: true, type: 'number', min: -180, max: 180, message: t('map.longitudeInvalid') }]}
            >
              <InputNumber style={{ width: '100%' }} step={0.000001} data-testid="map-picker-longitude" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="latitude"
              label={t('map.latitude')}
              rules={[{ required: true, type: 'number', min: -90, max: 90, message: t('map.latitudeInvalid') }]}
            >
              <InputNumber style={{ width: '100%' }} step={0.000001} data-testid="map-picker-latitude" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('map.name')}>
              <Input maxLength={100} data-testid="map-picker-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="formattedAddress" label={t('map.address')}>
              <Input maxLength={200} data-testid="map-picker-address" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

interface MapPointInputProps {
  id?: string;
  value?: MapPoint | null;
  onChange?: (point: MapPoint | null) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/** A form control holding a map point: what is chosen, and a button opening the picker. */
export function MapPointInput({ id, value, onChange, disabled, 'data-testid': testId = 'map-point' }: MapPointInputProps) {
  const { t } = useTranslation('widgets');
  const [open, setOpen] = useState(false);
  return (
    <Space wrap>
      <Button id={id} icon={<EnvironmentOutlined />} onClick={() => setOpen(true)} disabled={disabled} data-testid={testId}>
        {t('map.open')}
      </Button>
      <Typography.Text data-testid={`${testId}-value`}>
        {value ? t('map.chosen', { name: value.name || value.formattedAddress || '—', longitude: value.longitude, latitude: value.latitude }) : t('map.none')}
      </Typography.Text>
      <MapPicker
        open={open}
        value={value}
        onCancel={() => setOpen(false)}
        onConfirm={(point) => {
          onChange?.(point);
          setOpen(false);
        }}
      />
    </Space>
  );
}
