import { SendOutlined } from '@ant-design/icons';
import { PAGE_SIZE_DEFAULT } from '@macro/contract';
import type { DataSourceParameter } from '@macro/contract/datasources';
import type { InterfaceInfo } from '@macro/contract/interfaces';
import { Alert, Button, Descriptions, Drawer, Form, Grid, Input, InputNumber, Space, Spin, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollRegions } from '../../components/useScrollRegions';
import { type TryResult, useDataSourceParameters, useTryInterface } from './api';
import { addressOf } from './PathInput';

type TryValues = Record<string, string | number | undefined>;

/** A parameter's value as a JSON body carries it: numbers and yes/no as such, the rest as typed. */
function typed(parameter: DataSourceParameter | undefined, value: string): unknown {
  if (parameter?.type === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (parameter?.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** What is sent: the values filled in (blanks left out, so the parameter's default applies). */
function callValues(record: InterfaceInfo, parameters: readonly DataSourceParameter[], values: TryValues): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || String(value).trim() === '') continue;
    sent[name] =
      typeof value === 'number' || record.method === 'GET'
        ? value
        : typed(
            parameters.find((p) => p.name === name),
            value,
          );
  }
  return sent;
}

const statusColor = (status: number) => (status >= 200 && status < 300 ? 'green' : status >= 500 ? 'red' : 'orange');

function Answer({ result }: { result: TryResult }) {
  const { t } = useTranslation('interfaces');
  const box = useRef<HTMLDivElement>(null);
  useScrollRegions(box, t('try.answer'), 'pre');
  return (
    <section aria-label={t('try.answer')} data-testid="interface-try-result">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('try.status')}>
          <Tag color={statusColor(result.status)} data-testid="interface-try-status">
            {result.status}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('try.time')}>
          <span data-testid="interface-try-time">{t('try.millis', { millis: result.millis })}</span>
        </Descriptions.Item>
      </Descriptions>
      {result.status === 404 ? (
        <Alert type="warning" showIcon className="interface-try-alert" title={t('try.notServed')} data-testid="interface-try-404" />
      ) : null}
      <div ref={box}>
        <pre className="interface-try-body interface-mono" data-testid="interface-try-body">
          {result.body === null ? t('try.noBody') : JSON.stringify(result.body, null, 2)}
        </pre>
      </div>
    </section>
  );
}

/**
 * Calls an interface at its live address as the signed-in user, with the data source's
 * parameters (each prefilled with its default) and the page wanted, and shows what came back.
 */
export function TryInterface({ record, onClose }: { record: InterfaceInfo | null; onClose: () => void }) {
  const { t } = useTranslation('interfaces');
  const narrow = Grid.useBreakpoint().md === false;
  const [form] = Form.useForm<TryValues>();
  const source = useDataSourceParameters(record?.kind === 'dataSource' ? record.dataSourceId : null);
  const parameters = source.data?.parameters ?? [];
  const call = useTryInterface();
  const send = async () => {
    if (!record) return;
    const values = await form.validateFields();
    await call.mutateAsync({ record, values: callValues(record, parameters, values) });
  };
  const bySource = record?.kind === 'dataSource';
  return (
    <Drawer
      open={record !== null}
      title={record ? t('try.title', { name: record.name }) : ''}
      onClose={onClose}
      size={narrow ? '100%' : 720}
      destroyOnHidden
      data-testid="interface-try"
    >
      {record ? (
        <>
          <Typography.Paragraph>
            <Tag>{record.method}</Tag>
            <code className="interface-mono" data-testid="interface-try-address">
              {addressOf(record.path)}
            </code>
            {record.enabled ? null : (
              <Tag className="interface-try-state" color="default">
                {t('state.disabled')}
              </Tag>
            )}
          </Typography.Paragraph>
          {bySource ? null : <Typography.Paragraph type="secondary">{t('try.forwards', { url: record.url })}</Typography.Paragraph>}
          <Spin spinning={source.isLoading}>
            <Form<TryValues>
              // Remounted once the parameters are read, so their defaults fill the inputs.
              key={source.dataUpdatedAt}
              form={form}
              name="interface-try"
              layout="vertical"
              initialValues={{
                ...Object.fromEntries(parameters.map((p) => [p.name, p.defaultValue])),
                ...(bySource ? { current: 1, size: PAGE_SIZE_DEFAULT } : {}),
              }}
              onFinish={() => void send().catch(() => undefined)}
              data-testid="interface-try-form"
            >
              {parameters.length ? (
                <Typography.Text strong className="interface-try-heading">
                  {t('try.parameters')}
                </Typography.Text>
              ) : null}
              {parameters.map((parameter) => (
                <Form.Item
                  key={parameter.name}
                  name={parameter.name}
                  label={`${parameter.label || parameter.name} (${parameter.name} · ${t(`parameterType.${parameter.type}`)})`}
                  rules={parameter.required ? [{ required: true, whitespace: true, message: t('try.required', { name: parameter.name }) }] : undefined}
                >
                  <Input
                    placeholder={parameter.defaultValue ? t('try.defaultIs', { value: parameter.defaultValue }) : undefined}
                    data-testid={`interface-try-param-${parameter.name}`}
                  />
                </Form.Item>
              ))}
              {bySource ? (
                <Space wrap size={16}>
                  <Form.Item name="current" label={t('try.current')}>
                    <InputNumber min={1} step={1} precision={0} data-testid="interface-try-current" />
                  </Form.Item>
                  <Form.Item name="size" label={t('try.size')}>
                    <InputNumber min={1} max={100} step={1} precision={0} data-testid="interface-try-size" />
                  </Form.Item>
                </Space>
              ) : null}
              <Form.Item>
                <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={call.isPending} data-testid="interface-try-send">
                  {t('try.send')}
                </Button>
              </Form.Item>
            </Form>
          </Spin>
          {call.data ? <Answer result={call.data} /> : null}
        </>
      ) : null}
    </Drawer>
  );
}
