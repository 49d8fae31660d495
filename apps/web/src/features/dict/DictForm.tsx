import { type DictTreeNode, dictSubmit } from '@macro/contract';
import { Col, Form, type FormInstance, Input, InputNumber, Radio, Row, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictBase, useDictTree } from '../../api/dict';
import { zodRule } from '../../components/zodRule';
import type { DictDialogMode, DictFormValues, DictKind } from './types';

interface DictFormProps {
  form: FormInstance<DictFormValues>;
  base: DictBase;
  mode: DictDialogMode;
  kind: DictKind;
  /** Dictionary code whose tree feeds the parent picker (children only). */
  treeCode?: string;
  /** Shown when the parent is not in the loaded tree. */
  parentLabel?: string;
  initialValues: DictFormValues;
}

const fields = dictSubmit.shape;

/** The one form for creating, editing and viewing an entry (STYLE §8). */
export function DictForm({ form, base, mode, kind, treeCode, parentLabel, initialValues }: DictFormProps) {
  const { t } = useTranslation('dict');
  const readOnly = mode === 'view';
  const hint = (key: string) => (readOnly ? undefined : t(key));
  const parentId = initialValues.parentId;
  const tree = useDictTree(base, treeCode ?? '', kind === 'child' && !!treeCode);

  const treeData = useMemo<DictTreeNode[]>(() => {
    const nodes = tree.data ?? [];
    const contains = (list: readonly DictTreeNode[]): boolean =>
      list.some((node) => node.value === parentId || contains(node.children ?? []));
    if (!parentId || contains(nodes)) return nodes;
    const label = parentLabel ?? String(parentId);
    return [...nodes, { id: parentId, parentId: 0, title: label, key: parentId, value: parentId, code: '', children: [] }];
  }, [tree.data, parentId, parentLabel]);

  return (
    <Form<DictFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      disabled={readOnly}
      requiredMark={!readOnly}
      className={readOnly ? 'dict-form-readonly' : undefined}
      validateTrigger="onBlur"
      data-testid="dict-form"
    >
      <Row gutter={24}>
        <Col span={12}>
          {/* Spec §5: the parent is fixed by where the entry is added; the picker only shows it. */}
          <Form.Item name="parentId" label={t('field.parent')}>
            <TreeSelect
              disabled
              treeData={treeData}
              placeholder={hint('messages:dict.parentHint')}
              treeDefaultExpandAll
              allowClear
              data-testid="dict-field-parent"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="code" label={t('field.code')} rules={[zodRule(fields.code, t)]}>
            <Input
              disabled={readOnly || kind === 'child' || mode === 'edit'}
              placeholder={hint('form.codePlaceholder')}
              data-testid="dict-field-code"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dictKey" label={t('field.dictKey')} rules={[zodRule(fields.dictKey, t)]}>
            <Input placeholder={hint('form.keyPlaceholder')} data-testid="dict-field-key" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dictValue" label={t('field.dictValue')} rules={[zodRule(fields.dictValue, t)]}>
            <Input placeholder={hint('form.valuePlaceholder')} data-testid="dict-field-value" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sort" label={t('field.sort')} rules={[zodRule(fields.sort, t)]}>
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} data-testid="dict-field-sort" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="isSealed"
            label={t('field.isSealed')}
            rules={[zodRule(fields.isSealed, t)]}
            validateTrigger={['onBlur', 'onChange']}
          >
            <Radio.Group data-testid="dict-field-sealed">
              <Radio value={0}>{t('common:no')}</Radio>
              <Radio value={1}>{t('common:yes')}</Radio>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('field.remark')} rules={[zodRule(fields.remark, t, { required: false })]}>
            <Input.TextArea rows={3} placeholder={hint('form.remarkPlaceholder')} data-testid="dict-field-remark" />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
