import { z } from 'zod';
import { id, idList, idParam, INT_MAX, pageQuery, queryInt } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { isUrl } from '../validators.ts';

/** Columns of the desktop grid; a widget's x + w never passes it. */
export const DESKTOP_COLUMNS = 12;
/** Height in pixels of one grid row. */
export const DESKTOP_ROW_HEIGHT = 40;
/** Widgets one desktop holds at most. */
export const DESKTOP_WIDGETS_MAX = 40;

/** What a widget shows: a figure, a chart, the viewer's to-do list, notices, shortcuts to screens, a web page. */
export const DESKTOP_WIDGET_TYPES = ['count', 'chart', 'todo', 'notices', 'shortcuts', 'frame'] as const;
export type DesktopWidgetType = (typeof DESKTOP_WIDGET_TYPES)[number];
/** Figures a count widget can show (the dashboard's, within the viewer's permissions and data scopes). */
export const DESKTOP_FIGURES = ['users', 'departments', 'roles', 'posts', 'menus'] as const;
/** Series a chart widget can draw. */
export const DESKTOP_CHARTS = ['signInsByDay', 'usersByDepartment'] as const;
export const DESKTOP_CHART_KINDS = ['line', 'bar'] as const;

/** A menu path a shortcut opens: a console path of the viewer's menus. */
const shortcutPath = z
  .string({ message: 'desktop.shortcutInvalid' })
  .max(200, { message: 'desktop.shortcutInvalid' })
  .regex(/^\/[A-Za-z0-9/_-]*$/, { message: 'desktop.shortcutInvalid' });

/** One widget on the grid: where it sits, what it shows and its options (those of its type). */
export const desktopWidget = z
  .object({
    /** Key of the widget in its desktop (react-grid-layout's `i`). */
    i: z.string({ message: 'desktop.widgetKeyInvalid' }).regex(/^[A-Za-z0-9_-]{1,36}$/, { message: 'desktop.widgetKeyInvalid' }),
    type: z.enum(DESKTOP_WIDGET_TYPES, { message: 'desktop.widgetTypeInvalid' }),
    title: text('short').default(''),
    x: z
      .number({ message: 'desktop.placeInvalid' })
      .int({ message: 'desktop.placeInvalid' })
      .min(0, { message: 'desktop.placeInvalid' })
      .max(DESKTOP_COLUMNS - 1, { message: 'desktop.placeInvalid' }),
    y: z
      .number({ message: 'desktop.placeInvalid' })
      .int({ message: 'desktop.placeInvalid' })
      .min(0, { message: 'desktop.placeInvalid' })
      .max(1000, { message: 'desktop.placeInvalid' }),
    w: z
      .number({ message: 'desktop.sizeInvalid' })
      .int({ message: 'desktop.sizeInvalid' })
      .min(1, { message: 'desktop.sizeInvalid' })
      .max(DESKTOP_COLUMNS, { message: 'desktop.sizeInvalid' }),
    h: z
      .number({ message: 'desktop.sizeInvalid' })
      .int({ message: 'desktop.sizeInvalid' })
      .min(1, { message: 'desktop.sizeInvalid' })
      .max(40, { message: 'desktop.sizeInvalid' }),
    figure: z.enum(DESKTOP_FIGURES, { message: 'desktop.figureInvalid' }).optional(),
    chart: z.enum(DESKTOP_CHARTS, { message: 'desktop.chartInvalid' }).optional(),
    chartKind: z.enum(DESKTOP_CHART_KINDS, { message: 'desktop.chartInvalid' }).optional(),
    /** Rows a to-do or notices widget lists. */
    limit: z
      .number({ message: 'desktop.limitInvalid' })
      .int({ message: 'desktop.limitInvalid' })
      .min(1, { message: 'desktop.limitInvalid' })
      .max(20, { message: 'desktop.limitInvalid' })
      .optional(),
    links: z.array(shortcutPath, { message: 'desktop.shortcutInvalid' }).max(20, { message: 'desktop.shortcutsTooMany' }).optional(),
    url: z
      .string({ message: 'desktop.urlInvalid' })
      .trim()
      .max(1000, { message: 'desktop.urlInvalid' })
      .refine((v) => /^https?:\/\//i.test(v) && isUrl(v), { message: 'desktop.urlInvalid' })
      .optional(),
  })
  .superRefine((widget, ctx) => {
    if (widget.x + widget.w > DESKTOP_COLUMNS)
      ctx.addIssue({ code: 'custom', path: ['w'], message: 'desktop.outsideGrid', params: { columns: DESKTOP_COLUMNS } });
    if (widget.type === 'count' && !widget.figure) ctx.addIssue({ code: 'custom', path: ['figure'], message: 'desktop.figureRequired' });
    if (widget.type === 'chart' && !widget.chart) ctx.addIssue({ code: 'custom', path: ['chart'], message: 'desktop.chartRequired' });
    if (widget.type === 'frame' && !widget.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'desktop.urlRequired' });
    if (widget.type === 'shortcuts' && !widget.links?.length) ctx.addIssue({ code: 'custom', path: ['links'], message: 'desktop.shortcutsRequired' });
  });
export type DesktopWidget = z.output<typeof desktopWidget>;

/** A desktop's content: its widgets on the grid, each key once. */
export const desktopContent = z
  .object(
    { widgets: z.array(desktopWidget, { message: 'desktop.contentInvalid' }).max(DESKTOP_WIDGETS_MAX, { message: 'desktop.tooManyWidgets' }) },
    { message: 'desktop.contentInvalid' },
  )
  .superRefine((content, ctx) => {
    const seen = new Set<string>();
    content.widgets.forEach((widget, index) => {
      if (seen.has(widget.i)) ctx.addIssue({ code: 'custom', path: ['widgets', index, 'i'], message: 'desktop.widgetKeyTwice' });
      seen.add(widget.i);
    });
  })
  .meta({ id: 'DesktopContent' });
export type DesktopContent = z.output<typeof desktopContent>;

const schemeCode = requiredText('short', 'desktop.codeRequired').refine((v) => /^[A-Za-z0-9_-]+$/.test(v), { message: 'desktop.codeInvalid' });

export const desktopSchemeInput = z.object({
  code: schemeCode,
  name: requiredText('standard', 'desktop.nameRequired'),
  description: text('description').default(''),
  enabled: z.boolean({ message: 'common.badRequest' }).default(true),
  content: desktopContent,
});
export type DesktopSchemeInput = z.input<typeof desktopSchemeInput>;
/** The update call names its scheme in the body (`PUT /desktop-scheme`). */
export const desktopSchemeUpdate = desktopSchemeInput.extend({ id });

/** A desktop scheme as the list shows it. */
export const desktopScheme = z
  .object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    enabled: z.boolean(),
    isDefault: z.boolean(),
    version: z.number(),
    widgetCount: z.number(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'DesktopScheme' });
export type DesktopScheme = z.infer<typeof desktopScheme>;

export const desktopSchemeInfo = desktopScheme.extend({ content: desktopContent }).meta({ id: 'DesktopSchemeInfo' });
export type DesktopSchemeInfo = z.infer<typeof desktopSchemeInfo>;

export const desktopSchemeVersion = z
  .object({ version: z.number(), widgetCount: z.number(), createTime: z.string(), createUserName: z.string() })
  .meta({ id: 'DesktopSchemeVersion' });
export type DesktopSchemeVersion = z.infer<typeof desktopSchemeVersion>;

export const desktopListQuery = pageQuery.extend({ keyword: searchText });
export const desktopIdParams = z.object({ id: idParam });
export const desktopContentQuery = z.object({ version: queryInt(1, INT_MAX, 'common.badRequest').optional() });
export const desktopHistoryQuery = z.object({ schemeId: idParam });
export const desktopSetNewBody = z.object({
  schemeId: id,
  version: z
    .number({ message: 'common.badRequest' })
    .int({ message: 'common.badRequest' })
    .min(1, { message: 'common.badRequest' })
    .max(INT_MAX, { message: 'common.badRequest' }),
});
export const desktopIdBody = z.object({ id });

// ---------------------------------------------------------------- home pages (visual relations)

/** Who a home page is offered to: people, roles, posts or departments (none: everyone). */
export const VISUAL_OBJECT_TYPES = ['user', 'role', 'post', 'dept'] as const;
export type VisualObjectType = (typeof VISUAL_OBJECT_TYPES)[number];
const visualObjectType = z.enum(VISUAL_OBJECT_TYPES, { message: 'desktop.objectTypeInvalid' });

/** A subsystem's id (`systemId`); blank is the console itself. */
const systemId = z
  .string({ message: 'common.badRequest' })
  .trim()
  .max(50, { message: 'common.badRequest' })
  .regex(/^[A-Za-z0-9_-]*$/, { message: 'common.badRequest' })
  .default('');

export const visualRelationBody = z.object({
  visualId: id,
  objectType: visualObjectType,
  objectIds: z.array(id, { message: 'common.idsInvalid' }).min(1, { message: 'desktop.objectsRequired' }).max(500, { message: 'common.idsInvalid' }),
});
export const visualRelation = z
  .object({ id: z.number(), visualId: z.number(), objectType: visualObjectType, objectId: z.number(), objectName: z.string(), createTime: z.string() })
  .meta({ id: 'VisualRelation' });
export type VisualRelation = z.infer<typeof visualRelation>;
export const visualRelationParams = z.object({ visualId: idParam, objectType: visualObjectType });
export const visualRemoveQuery = z.object({ ids: idList });

/** A home page a person may choose: an enabled desktop scheme offered to them. */
export const visualHome = z
  .object({ id: z.number(), code: z.string(), name: z.string(), description: z.string(), isDefault: z.boolean(), widgetCount: z.number() })
  .meta({ id: 'VisualHome' });
export type VisualHome = z.infer<typeof visualHome>;
export const visualChoicesQuery = z.object({
  keyword: searchText,
  /** The page (the spec's `limit`, 1-based) and its size. */
  limit: queryInt(1, INT_MAX, 'common.badRequest').default(1),
  size: queryInt(1, 500, 'common.badRequest').default(50),
});
export const visualReleaseQuery = z.object({ keyword: searchText });
/** Id 0 forgets the person's own choice: the default applies again. */
export const visualChoiceParams = z.object({ id: queryInt(0, INT_MAX) });
export const visualSystemQuery = z.object({ systemId });

/** The home page a person sees: their own choice, else the default, else none (the built-in dashboard). */
export const currentHome = z.object({ source: z.enum(['own', 'default', 'none']), scheme: desktopSchemeInfo.nullable() }).meta({ id: 'CurrentHome' });
export type CurrentHome = z.infer<typeof currentHome>;
