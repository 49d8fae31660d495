import type { FormDocument } from '@macro/contract/forms';
import { orderedNames } from '@macro/contract/forms';
import type { TaskRecord } from '@macro/contract/workflow';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Modal, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormByKey } from '../../api/forms';
import { actionText, candidatesText } from '../../components/workflow/ProcessHistory';
import { useHistory, useTaskDetail } from './api';
import './print.css';

export const PRINT_STYLES = ['underline', 'default', 'official'] as const;
export type PrintStyle = (typeof PRINT_STYLES)[number];

/** A value as printed: lists joined, yes/no in words, nothing as a blank to fill by hand. */
function printed(value: unknown, labels: string[] | undefined, options: unknown[] | undefined, yesNo: [string, string]): string {
  if (value === undefined || value === null || value === '') return '';
  const label = (v: unknown) => {
    const i = options?.indexOf(v as never) ?? -1;
    return i >= 0 && labels?.[i] ? labels[i] : String(v);
  };
  if (Array.isArray(value)) return value.map(label).join('、');
  if (typeof value === 'boolean') return value ? yesNo[0] : yesNo[1];
  return label(value);
}

/** The form's fields with their titles, in layout order; without a bound form, the data as they are. */
function rowsOf(document: FormDocument | undefined, data: Record<string, unknown>, yesNo: [string, string], files: (count: number) => string) {
  if (!document) return Object.entries(data).map(([name, value]) => ({ name, title: name, value: printed(value, undefined, undefined, yesNo) }));
  return orderedNames(document).map((name) => {
    const schema = document.schema.properties[name];
    const ui = (document.uiSchema[name] ?? {}) as { 'ui:enumNames'?: string[] };
    const options = schema.type === 'array' ? schema.items?.enum : schema.enum;
    // A file field prints how many files it holds (the files themselves are not on paper).
    if (schema.items?.format === 'annex') return { name, title: schema.title || name, value: Array.isArray(data[name]) ? files(data[name].length) : '' };
    return { name, title: schema.title || name, value: printed(data[name], ui['ui:enumNames'], options, yesNo) };
  });
}

/**
 * Print preview of a process: its form data and approval record in one of three
 * styles — underlined fields like a paper form, a bordered table, or an official document with
 * the red masthead — laid out for A4 and printed from the browser.
 */
export function PrintPreview({ task, onClose }: { task: TaskRecord; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const [style, setStyle] = useState<PrintStyle>('default');
  const detail = useTaskDetail(task.taskId);
  const history = useHistory(task.processInstanceId);
  const form = useFormByKey(detail.data?.node.formKey);
  const yesNo: [string, string] = [t('common:yes'), t('common:no')];
  const rows = rowsOf(form.data?.document, detail.data?.variables ?? {}, yesNo, (count) => t('formview:annex.count', { count }));
  const record = (history.data ?? []).filter((h) => h.action);
  return (
    <Modal
      open
      title={t('print.title')}
      onCancel={onClose}
      width="min(900px, 100vw)"
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('common:close')}</Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-go">
            {t('print.print')}
          </Button>
        </Space>
      }
      destroyOnHidden
      data-testid="print-preview"
    >
      <Segmented<PrintStyle>
        value={style}
        onChange={setStyle}
        options={PRINT_STYLES.map((value) => ({ value, label: t(`print.style.${value}`) }))}
        data-testid="print-style"
      />
      {/* Focusable: on a phone the document scrolls sideways, and a keyboard must reach it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the sideways-scrolling document must take focus for the keyboard */}
      <article className={`print-area print-${style}`} tabIndex={0} aria-label={t('print.title')} data-testid="print-area">
        {style === 'official' ? (
          <header className="print-masthead">
            <div className="print-masthead-title">{t('print.masthead')}</div>
            <div className="print-masthead-rule" />
          </header>
        ) : null}
        <h1 className="print-title">{task.title || t('untitled')}</h1>
        <p className="print-meta">
          {t('field.node')}：{task.nodeName} · {t('field.status')}：{t(`status.${task.status}`, { defaultValue: task.status })}
        </p>
        {style === 'default' ? (
          <table className="print-table">
            <tbody>
              {rows.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.title}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <dl className="print-fields">
            {rows.map((row) => (
              <div key={row.name} className="print-field">
                <dt>{row.title}：</dt>
                <dd>{row.value || '\u00a0'}</dd>
              </div>
            ))}
          </dl>
        )}
        <h2 className="print-subtitle">{t('print.record')}</h2>
        <table className="print-table print-record">
          <thead>
            <tr>
              <th scope="col">{t('print.node')}</th>
              <th scope="col">{t('print.person')}</th>
              <th scope="col">{t('print.action')}</th>
              <th scope="col">{t('field.comment')}</th>
              <th scope="col">{t('print.time')}</th>
            </tr>
          </thead>
          <tbody>
            {record.map((h) => (
              <tr key={h.id}>
                <td>{h.nodeName}</td>
                <td>
                  {h.userName}
                  {h.candidateNames.length ? <div className="print-candidates">{candidatesText(t, h)}</div> : null}
                </td>
                <td>{actionText(t, h)}</td>
                <td>
                  {h.comment}
                  {h.stamp ? ` 【${h.stamp}】` : ''}
                </td>
                <td>{h.time.slice(0, 16).replace('T', ' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {style === 'official' ? <footer className="print-footer">{t('print.printedAt', { time: new Date().toLocaleString() })}</footer> : null}
      </article>
    </Modal>
  );
}
