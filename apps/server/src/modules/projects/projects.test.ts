import { pageOf } from '@macro/contract';
import { project, projectRole } from '@macro/contract/projects';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { type Client, dbLabel, describeDb, expectFailure, expectOk, signedInServer, type TestServer } from '../../test/helper.ts';

describeDb(`projects and project roles (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let english: Client;
  let other: Client;

  beforeAll(async () => {
    ({ server, admin, adminEn: english, other } = await signedInServer());
  });
  afterAll(() => server.close());

  const newProject = async (body: Record<string, unknown> = {}) =>
    expectOk(await admin.post('/api/projects/submit', { projectName: '档案数字化', projectCode: 'DIGI', ...body }), project);

  it('creates, lists, finds, updates and removes a project', async () => {
    const created = await newProject({ manager: '李四', startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(created).toMatchObject({ projectCode: 'DIGI', status: 1, sort: 1, roleCount: 0 });
    const page = expectOk(await admin.get('/api/projects/page?projectName=%E6%95%B0%E5%AD%97'), pageOf(project));
    expect(page.records.map((p) => p.id)).toEqual([created.id]);
    const updated = expectOk(
      await admin.post('/api/projects/submit', { id: created.id, projectName: '档案数字化二期', projectCode: 'DIGI', status: 0 }),
      project,
    );
    expect(updated).toMatchObject({ projectName: '档案数字化二期', status: 0 });
    expectOk(await admin.post(`/api/projects/remove?ids=${created.id}`), z.object({ removed: z.literal(1) }));
    expectFailure(await admin.get(`/api/projects/detail?id=${created.id}`), 404, '项目不存在');
  });

  it('validates with messages in the request language', async () => {
    expectFailure(await english.post('/api/projects/submit', {}), 400, /Please enter the project name/);
    expectFailure(await english.post('/api/projects/submit', { projectName: 'x', projectCode: 'has space' }), 400, /letters/i);
    expectFailure(
      await english.post('/api/projects/submit', { projectName: 'x', projectCode: 'X1', startDate: '2026-05-02', endDate: '2026-05-01' }),
      400,
      /end date cannot be before the start date/,
    );
    expectFailure(await english.post('/api/projects/submit', { projectName: 'x', projectCode: 'X1', startDate: '2026-02-30' }), 400, /valid date/);
    await newProject({ projectCode: 'TAKEN' });
    expectFailure(await admin.post('/api/projects/submit', { projectName: 'again', projectCode: 'TAKEN' }), 409, '项目编号“TAKEN”已存在');
  });

  it('keeps roles inside their project: unique aliases per project, and a project with roles cannot be removed', async () => {
    const a = await newProject({ projectCode: 'PA' });
    const b = await newProject({ projectCode: 'PB' });
    const role = expectOk(await admin.post('/api/project-roles/submit', { projectId: a.id, roleName: '项目经理', roleAlias: 'pm' }), projectRole);
    expect(role).toMatchObject({ projectId: a.id, projectName: '档案数字化' });
    // The same alias in another project is fine; twice in one project is not.
    expectOk(await admin.post('/api/project-roles/submit', { projectId: b.id, roleName: '项目经理', roleAlias: 'pm' }), projectRole);
    expectFailure(await admin.post('/api/project-roles/submit', { projectId: a.id, roleName: 'x', roleAlias: 'pm' }), 409, '该项目已有别名为“pm”的角色');
    expectFailure(await admin.post('/api/project-roles/submit', { projectId: 2_000_000, roleName: 'x', roleAlias: 'y' }), 404, '项目不存在');

    const roles = expectOk(await admin.get(`/api/project-roles/page?projectId=${a.id}`), pageOf(projectRole));
    expect(roles.records.map((r) => r.roleAlias)).toEqual(['pm']);
    expect(expectOk(await admin.get(`/api/projects/detail?id=${a.id}`), project).roleCount).toBe(1);

    expectFailure(await admin.post(`/api/projects/remove?ids=${a.id},${b.id}`), 409, '项目“档案数字化”还有角色，请先删除角色');
    expect((await admin.get(`/api/projects/detail?id=${b.id}`)).statusCode).toBe(200);
    expectOk(await admin.post(`/api/project-roles/remove?ids=${role.id}`), z.object({ removed: z.literal(1) }));
    expectOk(await admin.post(`/api/projects/remove?ids=${a.id}`), z.object({ removed: z.literal(1) }));
  });

  it("never shows or changes another tenant's projects", async () => {
    const mine = await newProject({ projectCode: 'MINE', projectName: 'PrivateProject' });
    expect((await other.get('/api/projects/page?size=500')).body).not.toContain('PrivateProject');
    expectFailure(await other.get(`/api/projects/detail?id=${mine.id}`), 404);
    expectFailure(await other.post('/api/projects/submit', { id: mine.id, projectName: 'stolen', projectCode: 'MINE' }), 404);
    expectFailure(await other.post('/api/project-roles/submit', { projectId: mine.id, roleName: 'x', roleAlias: 'x' }), 404);
    expect(expectOk(await admin.get(`/api/projects/detail?id=${mine.id}`), project).projectName).toBe('PrivateProject');
  });
});
