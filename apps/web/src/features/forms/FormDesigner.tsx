import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { customTableName, FIELD_KINDS, type FieldKind, formSchemeInput } from '@macro/contract/forms';
import { App, Button, Col, Empty, Form, Input, Radio, Row, Space, Tabs, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormData, FormView, type FormViewHandle } from '../../components/forms/FormView';
import { DesignerModal, DesignerPanes } from '../../components/designer/DesignerModal';
import { useDesignItems } from '../../components/designer/useDesignItems';
import { zodRule } from '../../components/zodRule';
import { MESSAGES_NS } from '../../i18n';
import { useCreateForm, useCreateTableForm, useFormInfo, useUpdateForm, useUpdateTableForm } from './api';
import { type DesignField, documentFromFields, fieldProblems, fieldsFromDocument, newField } from './designerModel';
import { FieldProperties } from './FieldProperties';
import './designer.css';

export interface DesignerState {
  mode: 'create' | 'edit';
  id?: number;
}

interface Meta {
  code: string;
  name: string;
  category: string;
  description: string;
  /** `table`: the data go to a table of their own, named `tableName`. */
  storage: 'json' | 'table';
  tableName?: string;
}

const PALETTE = 'palette:';
const CANVAS = 'canvas';

/** A field kind in the palette: dragged onto the canvas, or added at the end with a click or Enter. */
function PaletteItem({ kind, label, onAdd }: { kind: FieldKind; label: string; onAdd: () => void }) {
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: `${PALETTE}${kind}` });
  // From the keyboard, Enter and Space add the field (a click); the pointer drags.
  const { onKeyDown: _keyboardDrag, ...pointer } = listeners ?? {};
  return (
    <Button ref={setNodeRef} block {...attributes} {...pointer} onClick={onAdd} style={{ opacity: isDragging ? 0.5 : 1 }} data-testid={`palette-${kind}`}>
      {label}
    </Button>
  );
}

/** A field on the canvas: chosen with a click, moved by its handle (mouse or keyboard), removed with its button. */
function CanvasField({ field, selected, onSelect, onRemove }: { field: DesignField; selected: boolean; onSelect: () => void; onRemove: () => void }) {
  const { t } = useTranslation('forms');
  const { setNodeRef, listeners, attributes, transform, transition } = useSortable({ id: field.name });
  const style = { transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined, transition };
  return (
    <div ref={setNodeRef} style={style} className={`designer-field${selected ? ' designer-field-selected' : ''}`} data-testid={`canvas-${field.name}`}>
      <Button
        type="text"
        size="small"
        icon={<HolderOutlined />}
        {...attributes}
        {...listeners}
        aria-label={t('designer.move', { name: field.title || field.name })}
      />
      <button type="button" className="designer-field-body" onClick={onSelect} aria-pressed={selected}>
        <span>
          {field.required ? <span className="designer-required">*</span> : null}
          {field.title || field.name}
        </span>
        <Tag>{t(`kind.${field.kind}`)}</Tag>
        <Typography.Text type="secondary" className="designer-field-name">
          {field.name}
        </Typography.Text>
      </button>
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        onClick={onRemove}
        aria-label={t('designer.remove', { name: field.title || field.name })}
        data-testid={`canvas-remove-${field.name}`}
      />
    </div>
  );
}

function Canvas({ children, empty }: { children: React.ReactNode; empty: boolean }) {
  const { t } = useTranslation('forms');
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS });
  return (
    <div ref={setNodeRef} className={`designer-canvas${isOver ? ' designer-canvas-over' : ''}`} data-testid="designer-canvas">
      {empty ? <Empty description={t('designer.empty')} /> : children}
    </div>
  );
}

/**
 * The form designer: a palette of field kinds, the canvas (drag to add and reorder), the chosen
 * field's properties and rules, and a preview that checks sample data with the rules the server
 * applies. Saving a changed design makes the next version.
 */
export function FormDesigner({ state, onClose }: { state: DesignerState; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const info = useFormInfo(state.id);
  const create = useCreateForm();
  const update = useUpdateForm();
  const createTable = useCreateTableForm();
  const updateTable = useUpdateTableForm();
  const [form] = Form.useForm<Meta>();
  const { items: fields, setItems: setFields, selected, setSelected, current, change, remove, ...design } = useDesignItems<DesignField>((f) => f.name);
  const [sample, setSample] = useState<FormData>({});
  const [loaded, setLoaded] = useState(state.mode === 'create');
  const preview = useRef<FormViewHandle>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    if (!info.data || loaded) return;
    const { code, name, category, description, tableName } = info.data;
    form.setFieldsValue({ code, name, category, description, storage: tableName ? 'table' : 'json', tableName: tableName ?? undefined });
    setFields(fieldsFromDocument(info.data.document));
    setLoaded(true);
  }, [info.data, loaded, form, setFields]);

  const add = (kind: FieldKind, at = fields.length) => {
    const field = newField(
      kind,
      fields.map((f) => f.name),
      t(`kind.${kind}`),
    );
    design.add(field, at);
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const id = String(active.id);
    const overIndex = fields.findIndex((f) => f.name === over.id);
    if (id.startsWith(PALETTE)) {
      add(id.slice(PALETTE.length) as FieldKind, overIndex < 0 ? fields.length : overIndex);
      return;
    }
    const from = fields.findIndex((f) => f.name === id);
    if (from >= 0 && overIndex >= 0 && from !== overIndex) setFields(arrayMove(fields, from, overIndex));
  };

  const save = async () => {
    const meta = await form.validateFields();
    if (!fields.length) {
      message.error(t(`${MESSAGES_NS}:forms.noFields`));
      return;
    }
    const problem = fieldProblems(fields)[0];
    if (problem) {
      setSelected(problem.name);
      message.error(`${problem.name}: ${problem.key.startsWith('forms.') ? t(`${MESSAGES_NS}:${problem.key}`) : t(problem.key)}`);
      return;
    }
    const { storage, tableName, ...rest } = meta;
    const body = { ...rest, document: documentFromFields(fields, meta.name) };
    const params = { id: String(state.id) };
    if (storage === 'table' && tableName) {
      const tableBody = { ...body, tableName };
      if (state.mode === 'create') await createTable.mutateAsync({ body: tableBody });
      else await updateTable.mutateAsync({ params, body: tableBody });
    } else if (state.mode === 'create') await create.mutateAsync({ body });
    else await update.mutateAsync({ params, body });
    message.success(t('done.saved'));
    onClose();
  };

  const document = fields.length ? documentFromFields(fields) : null;
  const rule = (name: keyof typeof formSchemeInput.shape) => zodRule(formSchemeInput.shape[name], t);
  const storage = Form.useWatch('storage', form);
  return (
    <DesignerModal
      title={t(state.mode === 'create' ? 'designer.create' : 'designer.edit')}
      loaded={loaded}
      saving={create.isPending || update.isPending || createTable.isPending || updateTable.isPending}
      onSave={save}
      onClose={onClose}
      maxWidth={1280}
      testId="form-designer"
      saveTestId="designer-save"
    >
      <Form form={form} layout="vertical" name="form-meta" initialValues={{ code: '', name: '', category: '', description: '', storage: 'json' }}>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="name" label={t('field.name')} rules={[rule('name')]}>
              <Input placeholder={t('form.namePlaceholder')} data-testid="designer-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="code" label={t('field.code')} rules={[rule('code')]}>
              <Input placeholder={t('form.codePlaceholder')} disabled={state.mode === 'edit'} data-testid="designer-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="category" label={t('field.category')} rules={[rule('category')]}>
              <Input placeholder={t('form.categoryPlaceholder')} data-testid="designer-category" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="description" label={t('field.description')} rules={[rule('description')]}>
              <Input placeholder={t('form.descriptionPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="storage" label={t('field.storage')} extra={t(storage === 'table' ? 'storage.tableHelp' : 'storage.jsonHelp')}>
              <Radio.Group
                disabled={state.mode === 'edit'}
                options={[
                  { value: 'json', label: t('storage.json') },
                  { value: 'table', label: t('storage.table') },
                ]}
                data-testid="designer-storage"
              />
            </Form.Item>
          </Col>
          {storage === 'table' ? (
            <Col xs={24} md={8}>
              <Form.Item name="tableName" label={t('field.tableName')} rules={[zodRule(customTableName, t)]}>
                <Input placeholder={t('form.tableNamePlaceholder')} data-testid="designer-table" />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Form>
      <Tabs
        items={[
          {
            key: 'design',
            label: t('designer.design'),
            children: (
              <DndContext sensors={sensors} onDragEnd={dragEnd}>
                <DesignerPanes
                  className="form-designer-panes"
                  labels={{ palette: t('designer.palette'), canvas: t('designer.canvas'), properties: t('designer.properties') }}
                  palette={
                    <div className="designer-palette-items" data-testid="designer-palette">
                      {FIELD_KINDS.map((kind) => (
                        <PaletteItem key={kind} kind={kind} label={t(`kind.${kind}`)} onAdd={() => add(kind)} />
                      ))}
                    </div>
                  }
                  canvas={
                    <SortableContext items={fields.map((f) => f.name)} strategy={verticalListSortingStrategy}>
                      <Canvas empty={!fields.length}>
                        {fields.map((field) => (
                          <CanvasField
                            key={field.name}
                            field={field}
                            selected={field.name === selected}
                            onSelect={() => setSelected(field.name)}
                            onRemove={() => remove(field.name)}
                          />
                        ))}
                      </Canvas>
                    </SortableContext>
                  }
                  properties={
                    current ? (
                      <FieldProperties key={current.name} field={current} taken={fields.map((f) => f.name)} onChange={(patch) => change(current.name, patch)} />
                    ) : (
                      <Typography.Text type="secondary">{t('designer.chooseField')}</Typography.Text>
                    )
                  }
                />
              </DndContext>
            ),
          },
          {
            key: 'preview',
            label: t('designer.preview'),
            children: document ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <FormView document={document} value={sample} onChange={setSample} formRef={preview} testId="designer-preview" choices="preview" />
                <Button onClick={() => preview.current?.validateForm() && message.success(t('designer.valid'))} data-testid="designer-check">
                  {t('designer.check')}
                </Button>
              </Space>
            ) : (
              <Empty description={t('designer.empty')} />
            ),
          },
        ]}
      />
    </DesignerModal>
  );
}
