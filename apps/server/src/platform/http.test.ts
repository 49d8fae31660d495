import { describe, expect, it } from 'vitest';
import { toFailure } from './http.ts';

/** A database error as pg and PGlite raise them: a SQLSTATE code and a message naming SQL. */
const databaseError = (code: string) => Object.assign(new Error(`failed: update "macro_company" set ... where id = $1`), { code, severity: 'ERROR' });

describe('database errors in words', () => {
  it.each(['40P01', '40001', '55P03'])('answers %s (writes that met head-on) with 409 and a retry message, never 500', (code) => {
    const { status, body } = toFailure(databaseError(code), 'en');
    expect(status).toBe(409);
    expect(body.sys_msg).toBe('The data was changed meanwhile, please refresh and retry');
    expect(JSON.stringify(body)).not.toMatch(/macro_company|update|\$1/);
  });

  it('still answers an unexpected database error with 500 and no SQL', () => {
    const { status, body } = toFailure(databaseError('XX000'), 'zh');
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toMatch(/macro_company/);
  });
});
