import { DeleteOutlined } from '@ant-design/icons';
import {
  DESKTOP_CHART_KINDS,
  DESKTOP_CHARTS,
  DESKTOP_COLUMNS,
  DESKTOP_FIGURES,
  DESKTOP_ROW_HEIGHT,
  DESKTOP_WIDGET_TYPES,
  type DesktopWidget,
  type DesktopWidgetType,
  desktopContent,
  desktopSchemeInput,
} from '@macro/contract/desktop';
import { App, Button, Col, Empty, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Layout, ReactGridLayout, WidthProvider } from 'react-grid-layout/legacy';
import 'react-grid-layout/css/styles.css';
import { DesignerModal, DesignerPanes } from '../../components/designer/DesignerModal';
import { useDesignItems } from '../../components/designer/useDesignItems';
import { zodRule } from '../../components/zodRule';
import { MESSAGES_NS } from '../../i18n';
import { useSession } from '../../session/store';
import { flatMenuLeaves } from '../../shell/layout/menuTree';
import { useCreateDesktop, useDesktop, useUpdateDesktop } from './api';
import { GRID_MARGIN, WidgetCard } from './DesktopView';
import { useWidgetTitle } from './WidgetView';
import './desktop.css';

const Grid = WidthProvider(ReactGridLayout);

export interface DesignerState {
  mode: 'create' | 'edit';
  id?: number;
}

interface Meta {
  code: string;
  name: string;
  description: string;
  enabled: boolean;
}

/** Where a new widget of a kind starts, and its first options. */
const STARTERS: Record<DesktopWidgetType, Omit<DesktopWidget, 'i' | 'x' | 'y' | 'title'>> = {
  count: { type: 'count', w: 3, h: 3, figure: 'users' },
  chart: { type: 'chart', w: 6, h: 6, chart: 'signInsByDay', chartKind: 'line' },
  todo: { type: 'todo', w: 6, h: 6, limit: 5 },
  notices: { type: 'notices', w: 6, h: 5, limit: 5 },
  shortcuts: { type: 'shortcuts', w: 6, h: 3, links: [] },
  frame: { type: 'frame', w: 6, h: 8, url: 'https://' },
};

/** A key no widget of the desktop has yet. */
function freeKey(widgets: readonly DesktopWidget[], type: DesktopWidgetType): string {
  const taken = new Set(widgets.map((w) => w.i));
  let n = 1;
  while (taken.has(`${type}-${n}`)) n++;
  return `${type}-${n}`;
}

/** The row under every widget: where a widget added from the palette goes. */
const bottom = (widgets: readonly DesktopWidget[]) => widgets.reduce((max, w) => Math.max(max, w.y + w.h), 0);

/** The chosen widget's settings: title, what it shows, and its place and size (the keyboard's way to move and resize it). */
function WidgetProperties({ widget, onChange, onRemove }: { widget: DesktopWidget; onChange: (patch: Partial<DesktopWidget>) => void; onRemove: () => void }) {
  const { t, i18n } = useTranslation('desktop');
  const menus = useSession((s) => s.menus);
  const leaves = useMemo(() => flatMenuLeaves(menus, i18n), [menus, i18n]);
  const number = (key: 'x' | 'y' | 'w' | 'h', min: number, max: number) => (
    <Form.Item label={t(`place.${key}`)} htmlFor={`widget-${key}`}>
      <InputNumber
        id={`widget-${key}`}
        min={min}
        max={max}
        precision={0}
        value={widget[key]}
        onChange={(v) => v !== null && onChange({ [key]: v })}
        style={{ width: '100%' }}
        data-testid={`widget-${key}`}
      />
    </Form.Item>
  );
  return (
    <Form layout="vertical" size="small" data-testid="desktop-properties">
      <Typography.Title level={5}>{t(`type.${widget.type}`)}</Typography.Title>
      <Form.Item label={t('field.widgetTitle')} htmlFor="widget-title">
        <Input
          id="widget-title"
          value={widget.title}
          placeholder={t('form.titlePlaceholder')}
          onChange={(e) => onChange({ title: e.target.value })}
          data-testid="widget-title"
        />
      </Form.Item>
      {widget.type === 'count' ? (
        <Form.Item label={t('field.figure')} htmlFor="widget-figure">
          <Select
            id="widget-figure"
            value={widget.figure}
            onChange={(figure) => onChange({ figure })}
            options={DESKTOP_FIGURES.map((f) => ({ value: f, label: t(`figure.${f}`) }))}
            data-testid="widget-figure"
          />
        </Form.Item>
      ) : null}
      {widget.type === 'chart' ? (
        <>
          <Form.Item label={t('field.chart')} htmlFor="widget-chart">
            <Select
              id="widget-chart"
              value={widget.chart}
              onChange={(chart) => onChange({ chart })}
              options={DESKTOP_CHARTS.map((c) => ({ value: c, label: t(`chart.${c}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('field.chartKind')} htmlFor="widget-chart-kind">
            <Select
              id="widget-chart-kind"
              value={widget.chartKind}
              onChange={(chartKind) => onChange({ chartKind })}
              options={DESKTOP_CHART_KINDS.map((k) => ({ value: k, label: t(`chartKind.${k}`) }))}
            />
          </Form.Item>
        </>
      ) : null}
      {widget.type === 'todo' || widget.type === 'notices' ? (
        <Form.Item label={t('field.limit')} htmlFor="widget-limit">
          <InputNumber
            id="widget-limit"
            min={1}
            max={20}
            precision={0}
            value={widget.limit}
            onChange={(limit) => limit !== null && onChange({ limit })}
            style={{ width: '100%' }}
          />
        </Form.Item>
      ) : null}
      {widget.type === 'shortcuts' ? (
        <Form.Item label={t('field.links')} htmlFor="widget-links">
          <Select
            id="widget-links"
            mode="multiple"
            value={widget.links}
            onChange={(links) => onChange({ links })}
            options={leaves.map((leaf) => ({ value: leaf.path, label: leaf.trail.join(' / ') }))}
            optionFilterProp="label"
            placeholder={t('form.linksPlaceholder')}
            data-testid="widget-links"
          />
        </Form.Item>
      ) : null}
      {widget.type === 'frame' ? (
        <Form.Item label={t('field.url')} htmlFor="widget-url">
          <Input id="widget-url" value={widget.url} onChange={(e) => onChange({ url: e.target.value })} placeholder="https://" data-testid="widget-url" />
        </Form.Item>
      ) : null}
      <Row gutter={8}>
        <Col span={12}>{number('x', 0, DESKTOP_COLUMNS - widget.w)}</Col>
        <Col span={12}>{number('y', 0, 1000)}</Col>
        <Col span={12}>{number('w', 1, DESKTOP_COLUMNS - widget.x)}</Col>
        <Col span={12}>{number('h', 1, 40)}</Col>
      </Row>
      <Button danger block icon={<DeleteOutlined />} onClick={onRemove} data-testid="widget-remove">
        {t('designer.removeWidget')}
      </Button>
    </Form>
  );
}

/**
 * The desktop designer: a palette of widget kinds (drag one onto the grid, or add it with a click
 * or Enter), the grid (drag to move, pull a corner to resize), and the chosen widget's settings.
 * Saving changed content makes the next version.
 */
export function DesktopDesigner({ state, onClose }: { state: DesignerState; onClose: () => void }) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const info = useDesktop(state.id);
  const create = useCreateDesktop();
  const update = useUpdateDesktop();
  const titleOf = useWidgetTitle();
  const [form] = Form.useForm<Meta>();
  const { items: widgets, setItems: setWidgets, selected, setSelected, current, change, remove, ...design } = useDesignItems<DesktopWidget>((w) => w.i);
  const [dragging, setDragging] = useState<DesktopWidgetType | null>(null);
  const [loaded, setLoaded] = useState(state.mode === 'create');

  useEffect(() => {
    if (!info.data || loaded) return;
    const { code, name, description, enabled, content } = info.data;
    form.setFieldsValue({ code, name, description, enabled });
    setWidgets(content.widgets);
    setLoaded(true);
  }, [info.data, loaded, form, setWidgets]);

  const add = (type: DesktopWidgetType, at?: { x: number; y: number }) => {
    const starter = STARTERS[type];
    const widget: DesktopWidget = {
      ...starter,
      i: freeKey(widgets, type),
      title: '',
      x: Math.min(at?.x ?? 0, DESKTOP_COLUMNS - starter.w),
      y: at?.y ?? bottom(widgets),
    };
    design.add(widget);
  };
  /** The grid moved or resized widgets (or compacted them): keep their new places. */
  const layoutChanged = (layout: Layout) => {
    const places = new Map(layout.map((item) => [item.i, item]));
    setWidgets((current) =>
      current.map((w) => {
        const place = places.get(w.i);
        return place && (place.x !== w.x || place.y !== w.y || place.w !== w.w || place.h !== w.h)
          ? { ...w, x: place.x, y: place.y, w: place.w, h: place.h }
          : w;
      }),
    );
  };

  const save = async () => {
    const meta = await form.validateFields();
    const checked = desktopContent.safeParse({ widgets });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const index = issue.path[1];
      if (typeof index === 'number') setSelected(widgets[index]?.i ?? null);
      message.error(t(`${MESSAGES_NS}:${issue.message}`, (issue as { params?: Record<string, unknown> }).params ?? {}));
      return;
    }
    const body = { ...meta, content: { widgets } };
    if (state.mode === 'create') await create.mutateAsync({ body });
    else await update.mutateAsync({ body: { ...body, id: state.id! } });
    message.success(t('done.saved'));
    onClose();
  };

  const rule = (name: 'code' | 'name' | 'description') => zodRule(desktopSchemeInput.shape[name], t);
  const droppingItem = dragging ? { i: '__dropping__', x: 0, y: 0, w: STARTERS[dragging].w, h: STARTERS[dragging].h } : undefined;
  return (
    <DesignerModal
      title={t(state.mode === 'create' ? 'designer.create' : 'designer.edit')}
      loaded={loaded}
      saving={create.isPending || update.isPending}
      onSave={save}
      onClose={onClose}
      maxWidth={1440}
      testId="desktop-designer"
      saveTestId="desktop-designer-save"
    >
      <Form form={form} layout="vertical" name="desktop-meta" initialValues={{ code: '', name: '', description: '', enabled: true }}>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="name" label={t('field.name')} rules={[rule('name')]}>
              <Input placeholder={t('form.namePlaceholder')} data-testid="desktop-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={5}>
            <Form.Item name="code" label={t('field.code')} rules={[rule('code')]}>
              <Input placeholder={t('form.codePlaceholder')} data-testid="desktop-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="description" label={t('field.description')} rules={[rule('description')]}>
              <Input placeholder={t('form.descriptionPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={3}>
            <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <DesignerPanes
        labels={{ palette: t('designer.palette'), canvas: t('designer.canvas'), properties: t('designer.properties') }}
        palette={
          <div className="designer-palette-items">
            <Typography.Text type="secondary">{t('designer.paletteHint')}</Typography.Text>
            {DESKTOP_WIDGET_TYPES.map((type) => (
              <Button
                key={type}
                block
                draggable
                unselectable="on"
                onDragStart={(event) => {
                  // Firefox starts a drag only with data on it.
                  event.dataTransfer.setData('text/plain', type);
                  setDragging(type);
                }}
                onDragEnd={() => setDragging(null)}
                onClick={() => add(type)}
                data-testid={`desktop-palette-${type}`}
              >
                {t(`type.${type}`)}
              </Button>
            ))}
          </div>
        }
        canvas={
          <div className="desktop-canvas" data-testid="desktop-canvas">
            {widgets.length ? null : <Empty description={t('designer.empty')} className="desktop-canvas-empty" />}
            <Grid
              cols={DESKTOP_COLUMNS}
              rowHeight={DESKTOP_ROW_HEIGHT}
              margin={GRID_MARGIN}
              layout={widgets}
              onLayoutChange={layoutChanged}
              isDroppable
              droppingItem={droppingItem}
              onDrop={(_layout, item) => {
                if (dragging) add(dragging, item ? { x: item.x, y: item.y } : undefined);
                setDragging(null);
              }}
              draggableHandle=".ant-card-head"
              // The title bar drags; its button chooses the widget (a press on it must not start a drag).
              draggableCancel="button"
              className="desktop-grid"
            >
              {widgets.map((widget) => (
                <div key={widget.i} className={widget.i === selected ? 'desktop-selected' : undefined}>
                  <WidgetCard
                    widget={widget}
                    designing
                    extra={
                      <Button
                        size="small"
                        type={widget.i === selected ? 'primary' : 'default'}
                        onClick={() => setSelected(widget.i)}
                        aria-pressed={widget.i === selected}
                        data-testid={`desktop-select-${widget.i}`}
                      >
                        {t('designer.select', { title: titleOf(widget) })}
                      </Button>
                    }
                  />
                </div>
              ))}
            </Grid>
          </div>
        }
        properties={
          current ? (
            <WidgetProperties key={current.i} widget={current} onChange={(patch) => change(current.i, patch)} onRemove={() => remove(current.i)} />
          ) : (
            <Typography.Text type="secondary">{t('designer.noSelection')}</Typography.Text>
          )
        }
      />
    </DesignerModal>
  );
}
