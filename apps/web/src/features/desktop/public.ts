/** What other features may use of the desktop: the home page's panel and the dashboard's charts. */
export { ChartCard, deptChartOption, signInChartOption } from './dashboardCharts';
export { HomePanel } from './HomePanel';
