import { MENU_PERMISSIONS as P } from '@macro/contract/menus';
import { MODULE_ENDPOINTS as E, type ModuleRecord, type Subsystem } from '@macro/contract/modules';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useTreeList } from '../../components/crud/useTreeList';
import { useRemoveModule, useRemoveSubsystem, useSubsystems } from './api';
import { ModuleDialog, type ModuleDialogState } from './ModuleDialog';
import { SubsystemDialog, type SubsystemDialogState } from './SubsystemDialog';

interface ModuleSearch extends Record<string, string | undefined> {
  name?: string;
  code?: string;
}

/** Modules: menu entries with their buttons (the permission codes roles grant), form fields and list columns. */
export function ModuleList() {
  const { t } = useTranslation('modules');
  const list = useTreeList<typeof E.list, ModuleSearch>(E.list);
  const subsystems = useSubsystems();
  const confirmRemove = useRemoveModule();
  const { dialog, dialogKey, open, close } = useKeyedDialog<ModuleDialogState>();
  const subsystemName = (id: number) => subsystems.data?.find((s) => s.id === id)?.name ?? '';
  const search: SearchField[] = [
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder') },
  ];
  const columns: ColumnsType<ModuleRecord> = [
    { dataIndex: 'name', title: t('field.name'), ellipsis: true },
    { dataIndex: 'code', title: t('field.code'), width: 180, ellipsis: true },
    { dataIndex: 'path', title: t('field.path'), ellipsis: true },
    { dataIndex: 'subsystemId', title: t('field.subsystem'), width: 140, render: (id: number) => subsystemName(id) },
    { key: 'buttons', title: t('field.buttons'), width: 100, render: (_, row) => row.buttons.length },
  ];
  const rowActions: RowAction<ModuleRecord>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <>
      <CrudList<ModuleRecord, ModuleSearch>
        testId="module"
        title={t('modules')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        paged={false}
        scrollX={960}
      />
      <ModuleDialog key={dialogKey} state={dialog} onClose={close} />
    </>
  );
}

/** Subsystems: what modules are grouped under. */
export function SubsystemList() {
  const { t } = useTranslation('modules');
  const list = useTreeList<typeof E.subsystems>(E.subsystems);
  const confirmRemove = useRemoveSubsystem();
  const { dialog, dialogKey, open, close } = useKeyedDialog<SubsystemDialogState>();
  const columns: ColumnsType<Subsystem> = [
    { dataIndex: 'name', title: t('field.subsystemName'), ellipsis: true },
    { dataIndex: 'code', title: t('field.subsystemCode'), width: 160 },
    { dataIndex: 'sort', title: t('field.sort'), width: 80 },
    { dataIndex: 'modules', title: t('field.moduleCount'), width: 100 },
    { dataIndex: 'remark', title: t('field.remark'), ellipsis: true },
  ];
  const rowActions: RowAction<Subsystem>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <>
      <CrudList<Subsystem>
        testId="subsystem"
        title={t('subsystems')}
        list={list}
        search={[]}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        paged={false}
        scrollX={800}
      />
      <SubsystemDialog key={dialogKey} state={dialog} onClose={close} />
    </>
  );
}
