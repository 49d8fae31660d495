import { withTheme } from '@rjsf/core';
import { generateTemplates } from '@rjsf/antd/lib/templates/index.js';
import CheckboxesWidget from '@rjsf/antd/lib/widgets/CheckboxesWidget/index.js';
import CheckboxWidget from '@rjsf/antd/lib/widgets/CheckboxWidget/index.js';
import PasswordWidget from '@rjsf/antd/lib/widgets/PasswordWidget/index.js';
import RadioWidget from '@rjsf/antd/lib/widgets/RadioWidget/index.js';
import SelectWidget from '@rjsf/antd/lib/widgets/SelectWidget/index.js';
import TextareaWidget from '@rjsf/antd/lib/widgets/TextareaWidget/index.js';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { Skeleton } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

/*
 * rjsf's antd theme with the widgets most forms never use — the date pickers, the range slider,
 * annex uploads, choices filled from data sources — loaded the first time a form shows one, so a form of text, numbers and
 * choices costs none of them.
 */

function onDemand(load: () => Promise<{ default: ComponentType<WidgetProps> }>): ComponentType<WidgetProps> {
  const Widget = lazy(load);
  return function OnDemandWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<Skeleton.Input active size="small" block />}>
        <Widget {...props} />
      </Suspense>
    );
  };
}

const widgets: RegistryWidgetsType = {
  CheckboxesWidget,
  CheckboxWidget,
  PasswordWidget,
  RadioWidget,
  SelectWidget,
  TextareaWidget,
  DateWidget: onDemand(() => import('@rjsf/antd/lib/widgets/DateWidget/index.js')),
  DateTimeWidget: onDemand(() => import('@rjsf/antd/lib/widgets/DateTimeWidget/index.js')),
  AltDateWidget: onDemand(() => import('@rjsf/antd/lib/widgets/AltDateWidget/index.js')),
  AltDateTimeWidget: onDemand(() => import('@rjsf/antd/lib/widgets/AltDateTimeWidget/index.js')),
  RangeWidget: onDemand(() => import('@rjsf/antd/lib/widgets/RangeWidget/index.js')),
  annexes: onDemand(() => import('./AnnexWidget').then((m) => ({ default: m.AnnexWidget }))),
  dataSourceChoice: onDemand(() => import('./DataSourceChoice').then((m) => ({ default: m.DataSourceChoice }))),
};

/** The form component every form screen renders with. */
export const ThemedForm = withTheme({ templates: generateTemplates(), widgets });
