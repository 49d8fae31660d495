import { areaItem } from '@macro/contract/areas';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { type Client, dbLabel, describeDb, expectFailure, expectOk, signedInServer, type TestServer } from '../../test/helper.ts';
import { divisionRows } from './service.ts';

const BASE = '/api/macro-labor/areas';
const list = z.array(areaItem);

describeDb(`areas (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
  });
  afterAll(() => server.close());

  it('holds the complete official list: every province, city and county of the package', async () => {
    const rows = divisionRows();
    expect(rows.filter((r) => r.layer === 0)).toHaveLength(31);
    expect(rows.length).toBeGreaterThan(3000);
    const provinces = expectOk(await admin.get(BASE), list);
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({ F_AreaId: '11', F_AreaName: '北京市', F_ParentId: '', F_Layer: 0, isLeaf: false });
    expect(provinces.map((p) => p.F_AreaName)).toEqual(expect.arrayContaining(['广东省', '新疆维吾尔自治区', '海南省']));
  });

  it("reads one level at a time: provinces, then a province's cities, then a city's counties (leaves)", async () => {
    expect(expectOk(await admin.get(`${BASE}?parentId=0`), list)).toHaveLength(31);
    const cities = expectOk(await admin.get(`${BASE}?parentId=44`), list);
    const shenzhen = cities.find((c) => c.F_AreaName === '深圳市');
    expect(shenzhen).toMatchObject({ F_AreaId: '4403', F_ParentId: '44', F_Layer: 1, isLeaf: false });
    const counties = expectOk(await admin.get(`${BASE}?parentId=4403`), list);
    expect(counties.map((c) => c.F_AreaName)).toContain('南山区');
    expect(counties.every((c) => c.F_Layer === 2 && c.isLeaf && c.F_ParentId === '4403')).toBe(true);
    // The same by path; another tenant reads the same platform list.
    expect(expectOk(await admin.get(`${BASE}/4403`), list)).toEqual(counties);
    expect(expectOk(await other.get(`${BASE}?parentId=4403`), list)).toEqual(counties);
  });

  it('an unknown parent has no children', async () => {
    expect(expectOk(await admin.get(`${BASE}?parentId=99`), list)).toEqual([]);
    expect(expectOk(await admin.get(`${BASE}/9999`), list)).toEqual([]);
  });

  it('refuses a malformed parent with a message in the request language', async () => {
    expectFailure(await admin.get(`${BASE}?parentId=abc`), 400, /上级区域编码/);
    expectFailure(await adminEn.get(`${BASE}?parentId=123`), 400, /parent area code/);
    expectFailure(await admin.get(`${BASE}?parentId=${encodeURIComponent("11' or 1=1 --")}`), 400);
    expectFailure(await admin.get(`${BASE}/110101`), 400);
  });

  it('requires a signed-in user', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: BASE });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('北京');
  });
});
