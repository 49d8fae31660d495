import type { InstanceRecord, Scheme, VersionChangeReport as Report } from '@macro/contract/workflow';
import { App, Button, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeVersion, useRunningOf, useSchemeVersions, useTestVersionChange } from './api';

/**
 * History and version change: the template's versions, its running processes, a
 * test of moving the chosen ones to a version (per process: does every token find its node?),
 * then the change itself after a confirmation that says it cannot be undone.
 */
export function VersionDialog({ scheme, onClose }: { scheme: Scheme; onClose: () => void }) {
  const { t } = useTranslation('schemes');
  const { modal, message } = App.useApp();
  const versions = useSchemeVersions(scheme.id);
  const running = useRunningOf(scheme.id);
  const test = useTestVersionChange();
  const change = useChangeVersion();
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<number | undefined>();
  const [report, setReport] = useState<Report[] | null>(null);
  const titleOf = new Map((running.data?.records ?? []).map((r) => [r.processInstanceId, r.title]));
  const input = () => ({ body: { instanceIds: selected, definitionId: target! } });
  const reset = (next: () => void) => {
    next();
    setReport(null);
  };
  const runTest = async () => setReport(await test.mutateAsync(input()));
  const apply = () =>
    modal.confirm({
      title: t('versions.confirmTitle'),
      content: t('versions.confirm', { count: selected.length, version: versions.data?.find((v) => v.definitionId === target)?.version ?? '' }),
      okText: t('versions.apply'),
      okType: 'danger',
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'version-change-confirm' },
      onOk: () =>
        change
          .mutateAsync(input())
          .then(() => {
            message.success(t('versions.done'));
            setSelected([]);
            setReport(null);
          })
          .catch(() => undefined),
    });
  const allMap = report !== null && report.length > 0 && report.every((r) => r.maps);
  const timerText = (change: Report['timersAdded'][number]) =>
    t(change.kind === 'due' ? 'versions.dueTime' : 'versions.timer', {
      timer: change.timer,
      node: change.node,
      time: dayjs(change.dueAt).format('YYYY-MM-DD HH:mm'),
    });
  return (
    <Modal
      open
      title={t('versions.title', { name: scheme.name })}
      onCancel={onClose}
      footer={null}
      width="min(960px, 100vw)"
      destroyOnHidden
      data-testid="version-dialog"
    >
      <Typography.Title level={5}>{t('versions.list')}</Typography.Title>
      <Table
        size="small"
        rowKey="definitionId"
        pagination={false}
        loading={versions.isLoading}
        dataSource={versions.data ?? []}
        columns={[
          { dataIndex: 'version', title: t('field.version'), width: 90, render: (v: number) => `v${v}` },
          { dataIndex: 'name', title: t('field.name') },
          { dataIndex: 'createTime', title: t('versions.deployedAt'), render: (time: string) => time.slice(0, 16).replace('T', ' ') },
        ]}
        data-testid="version-list"
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('versions.running')}
      </Typography.Title>
      <Table<InstanceRecord>
        size="small"
        rowKey="processInstanceId"
        pagination={false}
        loading={running.isLoading}
        dataSource={running.data?.records ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => reset(() => setSelected(keys.map(Number))),
          getCheckboxProps: (row) => ({ 'aria-label': row.title }),
        }}
        columns={[
          { dataIndex: 'title', title: t('versions.process') },
          { dataIndex: 'version', title: t('field.version'), width: 90, render: (v: number) => `v${v}` },
          { dataIndex: 'startTime', title: t('versions.startedAt'), render: (time: string) => time.slice(0, 16).replace('T', ' ') },
        ]}
        locale={{ emptyText: t('versions.noneRunning') }}
        data-testid="version-running"
      />
      <Space wrap style={{ marginTop: 16 }}>
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('versions.target')}
          value={target}
          onChange={(value) => reset(() => setTarget(value))}
          options={(versions.data ?? []).map((v) => ({ value: v.definitionId, label: `v${v.version}` }))}
          aria-label={t('versions.target')}
          data-testid="version-target"
        />
        <Button
          onClick={() => void runTest().catch(() => undefined)}
          disabled={!selected.length || target === undefined}
          loading={test.isPending}
          data-testid="version-test"
        >
          {t('versions.test')}
        </Button>
        <Button type="primary" danger onClick={apply} disabled={!allMap} loading={change.isPending} data-testid="version-apply">
          {t('versions.apply')}
        </Button>
      </Space>
      {report ? (
        <Table<Report>
          style={{ marginTop: 16 }}
          size="small"
          rowKey="instanceId"
          pagination={false}
          dataSource={report}
          columns={[
            { dataIndex: 'instanceId', title: t('versions.process'), render: (id: number) => titleOf.get(id) ?? id },
            {
              dataIndex: 'maps',
              title: t('versions.result'),
              width: 120,
              render: (maps: boolean) => <Tag color={maps ? 'green' : 'red'}>{t(maps ? 'versions.maps' : 'versions.blocked')}</Tag>,
            },
            {
              key: 'detail',
              title: t('versions.detail'),
              render: (_, row) =>
                row.maps ? (
                  <>
                    <div>{row.moves.map((m) => `${m.from} → ${m.to}`).join('，') || t('versions.sameNodes')}</div>
                    {row.timersAdded.length ? <div>{t('versions.timersAdded', { timers: row.timersAdded.map(timerText).join('；') })}</div> : null}
                    {row.timersRemoved.length ? <div>{t('versions.timersRemoved', { timers: row.timersRemoved.map(timerText).join('；') })}</div> : null}
                  </>
                ) : (
                  t('versions.unmapped', { nodes: row.unmapped.join('、') })
                ),
            },
          ]}
          data-testid="version-report"
        />
      ) : null}
    </Modal>
  );
}
