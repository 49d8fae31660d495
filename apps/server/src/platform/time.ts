/** A timestamp as the API writes it (ISO 8601, UTC), from a Date or what a raw query returns (text). */
export const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();
