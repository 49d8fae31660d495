import { DESKTOP_ROW_HEIGHT } from '@macro/contract/desktop';

/** The gap between widgets, across and down, in pixels. */
export const GRID_MARGIN: [number, number] = [12, 12];

/** The height in pixels of a widget `rows` rows tall, laid out outside the grid (stacked on a phone, alone on the home page). */
export const stackedHeight = (rows: number) => rows * DESKTOP_ROW_HEIGHT + (rows - 1) * GRID_MARGIN[1];
