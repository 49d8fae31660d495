import { WORKFLOW_SCHEME_ENDPOINTS as S } from '@macro/contract/workflow';
import { Alert, Button, Form, Input, Segmented, Space, Tag, Timeline, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../../api/endpoint';
import { BoundForm } from '../../../components/forms/BoundForm';
import type { FormData } from '../../../components/forms/FormView';

/** The form the template's start node binds (`macro:form formKey` on the process's start event), if any. */
export function startFormKeyOf(xml: string): string | null {
  if (!xml.trim()) return null;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) return null;
  const process = doc.getElementsByTagNameNS('*', 'process')[0];
  const start = [...(process?.children ?? [])].find((child) => child.localName === 'startEvent');
  return start?.getElementsByTagNameNS('*', 'form')[0]?.getAttribute('formKey') || null;
}

/** Sample data as a JSON object, or null when it is not one. */
function parseSample(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Simulate a template before deploying it: sample form data in, the path it would take and the
 * approvers each node resolves to out, with warnings where a node resolves to nobody. The
 * server runs the real engine and keeps nothing.
 */
export function SimulatePanel({ xml }: { xml: string }) {
  const { t } = useTranslation('schemes');
  const [sample, setSample] = useState('{\n  "amount": 1200\n}');
  const [filled, setFilled] = useState<FormData>({});
  const formKey = useMemo(() => startFormKeyOf(xml), [xml]);
  // With a start form, the sample is that form filled in (labels, options); JSON stays one click away.
  const [mode, setMode] = useState<'form' | 'json'>('form');
  const byForm = formKey !== null && mode === 'form';
  const simulate = useEndpointMutation(S.simulate);
  const variables = byForm ? filled : parseSample(sample);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="simulate-panel">
      {formKey ? (
        <Segmented
          value={mode}
          onChange={(value) => setMode(value as 'form' | 'json')}
          options={[
            { value: 'form', label: t('simulate.byForm') },
            { value: 'json', label: t('simulate.byJson') },
          ]}
          data-testid="simulate-mode"
        />
      ) : null}
      {byForm ? (
        <div>
          <Typography.Paragraph type="secondary">{t('simulate.formHelp')}</Typography.Paragraph>
          <BoundForm formKey={formKey} value={filled} onChange={setFilled} testId="simulate-form" />
        </div>
      ) : (
        <Form.Item
          label={t('simulate.sample')}
          extra={t('simulate.sampleHelp')}
          validateStatus={variables ? undefined : 'error'}
          help={variables ? undefined : t('simulate.sampleInvalid')}
          htmlFor="simulate-sample"
        >
          <Input.TextArea
            id="simulate-sample"
            rows={4}
            value={sample}
            onChange={(e) => setSample(e.target.value)}
            style={{ fontFamily: 'monospace' }}
            data-testid="simulate-sample"
          />
        </Form.Item>
      )}
      <Button
        onClick={() => variables && simulate.mutate({ body: { xml, variables } })}
        disabled={!variables || !xml.trim()}
        loading={simulate.isPending}
        data-testid="simulate-run"
      >
        {t('simulate.run')}
      </Button>
      {simulate.data ? (
        <div data-testid="simulate-result">
          <Typography.Title level={5}>
            {t('simulate.path')} <Tag color={simulate.data.ended ? 'green' : 'orange'}>{t(simulate.data.ended ? 'simulate.ended' : 'simulate.stopped')}</Tag>
          </Typography.Title>
          <Timeline
            items={simulate.data.steps.map((step, i) => ({
              key: `${step.nodeId}-${i}`,
              content: `${step.nodeName} → ${step.approvers.map((a) => a.name).join('、') || t('simulate.nobody')}`,
            }))}
          />
          {simulate.data.warnings.map((warning) => (
            <Alert key={warning} type="warning" showIcon title={warning} style={{ marginTop: 8 }} />
          ))}
        </div>
      ) : null}
    </Space>
  );
}
