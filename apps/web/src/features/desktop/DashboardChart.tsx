import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '../../components/reducedMotion';

// Only what the dashboard draws: this file (and echarts with it) loads with the welcome page alone.
use([BarChart, LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption>;

/** One echarts chart filling its box; follows option changes (a language switch) and the box's size. */
export default function DashboardChart({
  option,
  label,
  testId,
  className = 'dashboard-chart',
}: {
  option: ChartOption;
  label: string;
  testId: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const still = usePrefersReducedMotion();
  useEffect(() => {
    const element = box.current!;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption({ ...option, animation: !still }, true);
  }, [option, still]);
  return <div ref={box} role="img" aria-label={label} className={className} data-testid={testId} />;
}
