import { CODE_RULE_ENDPOINTS as E, CODE_RULE_PERMISSIONS as P, type CodeRule } from '@macro/contract/coderules';
import { App, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useRemoveCodeRule, useTakeNumber } from './api';
import { CodeRuleDialog, type CodeRuleDialogState } from './CodeRuleDialog';
import './codeRules.css';

interface CodeRuleSearch extends Record<string, string | undefined> {
  code?: string;
  name?: string;
}

/** Code rules: how documents are numbered, what the next number looks like, and taking one by hand. */
export function CodeRulePage() {
  const { t } = useTranslation('coderules');
  const { modal } = App.useApp();
  const list = useCrudList<typeof E.list, CodeRuleSearch>(E.list);
  const confirmRemove = useRemoveCodeRule();
  const take = useTakeNumber();
  // Each opening mounts a fresh dialog, so no value of the previous form survives into the next.
  const { dialog, dialogKey, open, close } = useKeyedDialog<CodeRuleDialogState>();
  const search: SearchField[] = [
    { name: 'code', label: t('field.code'), placeholder: t('search.codePlaceholder') },
    { name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') },
  ];
  const columns: ColumnsType<CodeRule> = [
    { dataIndex: 'name', title: t('field.name'), ellipsis: true },
    { dataIndex: 'code', title: t('field.code'), ellipsis: true },
    { dataIndex: 'example', title: t('field.example'), render: (example: string) => <Typography.Text code>{example}</Typography.Text> },
    { dataIndex: 'lastSequence', title: t('field.lastSequence'), width: 120, align: 'right', render: (last: number | null) => last ?? '—' },
    { dataIndex: 'timeZone', title: t('field.timeZone'), width: 150, ellipsis: true },
    { dataIndex: 'sort', title: t('field.sort'), width: 80, align: 'right' },
  ];
  const takeNumber = async (record: CodeRule) => {
    const taken = await take.mutateAsync({ params: { id: String(record.id) } });
    modal.success({
      title: t('gen.title', { name: record.name }),
      content: (
        <Typography.Paragraph copyable={{ text: taken.code }} className="code-rule-taken" data-testid="code-rule-taken">
          {taken.code}
        </Typography.Paragraph>
      ),
      okText: t('common:close'),
    });
  };
  const rowActions: RowAction<CodeRule>[] = [
    { key: 'gen', label: t('gen.action'), permission: P.gen, onClick: (record) => void takeNumber(record).catch(() => undefined) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="code-rule-page">
      <CrudList<CodeRule, CodeRuleSearch>
        testId="code-rule"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={900}
      />
      <CodeRuleDialog key={dialogKey} state={dialog} onClose={close} />
    </div>
  );
}
