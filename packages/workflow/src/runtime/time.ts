import type { Timer } from '../definitions/model.ts';

const PART = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** `from` plus an ISO 8601 duration (P1DT2H, PT30M, P2W), calendar-aware for years and months. */
export function addDuration(from: Date, duration: string): Date {
  const match = PART.exec(duration);
  if (!match) throw new Error(`not an ISO 8601 duration: ${duration}`);
  const [, y, mo, w, d, h, mi, s] = match.map((v) => (v === undefined ? 0 : Number(v)));
  const at = new Date(from.getTime());
  at.setUTCFullYear(at.getUTCFullYear() + y, at.getUTCMonth() + mo, at.getUTCDate() + w * 7 + d);
  return new Date(at.getTime() + ((h * 60 + mi) * 60 + s) * 1000);
}

/** When a timer started at `from` fires: a date timer at its date, a duration timer that long after, a cycle one interval after. */
export function timerDueAt(timer: Timer, from: Date): Date {
  if (timer.kind === 'date') return new Date(timer.value);
  return addDuration(from, timer.kind === 'cycle' ? timer.every! : timer.value);
}
