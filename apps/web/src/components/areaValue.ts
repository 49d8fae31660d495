/** The cascading area selector's value: an array or a comma-separated string in, a comma-joined string out. */
export type AreaValue = string | readonly string[] | null | undefined;

/** The codes of a value given either way, blanks dropped, at most three levels. */
export function areaPath(value: AreaValue): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  return parts
    .map((part) => String(part).trim())
    .filter(Boolean)
    .slice(0, 3);
}

/** What the selector emits: the chosen codes joined by commas ('' for none). */
export function joinAreaPath(path: readonly (string | number)[] | null | undefined): string {
  return (path ?? []).map(String).join(',');
}
