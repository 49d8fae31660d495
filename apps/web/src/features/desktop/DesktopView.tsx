import { DESKTOP_COLUMNS, DESKTOP_ROW_HEIGHT, type DesktopContent, type DesktopWidget } from '@macro/contract/desktop';
import { Card } from 'antd';
import { ReactGridLayout, WidthProvider } from 'react-grid-layout/legacy';
import 'react-grid-layout/css/styles.css';
import { useIsMobile } from '../../shell/settings';
import { useWidgetTitle, WidgetBody } from './WidgetView';
import { GRID_MARGIN, stackedHeight } from './grid';
import './desktop.css';

const Grid = WidthProvider(ReactGridLayout);
export { GRID_MARGIN } from './grid';

/** Reading order of a desktop: top to bottom, then left to right (what a narrow screen and a screen reader get). */
export const readingOrder = (widgets: readonly DesktopWidget[]) => [...widgets].sort((a, b) => a.y - b.y || a.x - b.x);

/** A widget in its card: title bar, then what it shows. */
export function WidgetCard({ widget, designing, extra }: { widget: DesktopWidget; designing?: boolean; extra?: React.ReactNode }) {
  const title = useWidgetTitle()(widget);
  return (
    <Card size="small" title={title} extra={extra} className={`desktop-widget desktop-widget-${widget.type}`} data-testid={`desktop-widget-${widget.i}`}>
      <WidgetBody widget={widget} title={title} designing={designing} />
    </Card>
  );
}

/**
 * A home page as its designer laid it out; on a narrow screen its widgets stack in reading order
 * (a 12-column grid at 375 px would leave each a sliver).
 */
export function DesktopView({ content }: { content: DesktopContent }) {
  const narrow = useIsMobile();
  const widgets = readingOrder(content.widgets);
  if (narrow) {
    return (
      <div className="desktop-stack" data-testid="desktop-view">
        {widgets.map((widget) => (
          <div key={widget.i} style={{ height: stackedHeight(widget.h) }}>
            <WidgetCard widget={widget} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div data-testid="desktop-view">
      <Grid
        cols={DESKTOP_COLUMNS}
        rowHeight={DESKTOP_ROW_HEIGHT}
        margin={GRID_MARGIN}
        containerPadding={[0, 0]}
        layout={widgets}
        isDraggable={false}
        isResizable={false}
      >
        {widgets.map((widget) => (
          <div key={widget.i}>
            <WidgetCard widget={widget} />
          </div>
        ))}
      </Grid>
    </div>
  );
}
