import { WORKFLOW_CATEGORY_DICT, WORKFLOW_CATEGORY_PAGE } from '@macro/contract/wfcategories';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Client, dbLabel, describeDb, expectFailure, OTHER_TENANT, signedInServer, TENANT, type TestServer } from '../../test/helper.ts';
import { assertWorkflowCategory } from './index.ts';

const DICT = '/api/dict-biz';

describeDb(`workflow categories (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, other } = await signedInServer());
  });
  afterAll(() => server.close());

  const categoriesOf = async (client: Client) => {
    const parents = (await client.get(`${DICT}/parent-list?code=${WORKFLOW_CATEGORY_DICT.code}`)).json().data.records as { id: number; code: string }[];
    const parent = parents.find((p) => p.code === WORKFLOW_CATEGORY_DICT.code)!;
    const { current, size } = WORKFLOW_CATEGORY_PAGE;
    const page = (await client.get(`${DICT}/child-list?parentId=${parent.id}&current=${current}&size=${size}`)).json().data;
    return { parent, names: (page.records as { dictValue: string }[]).map((r) => r.dictValue) };
  };

  it('every tenant starts with its own categories under the fixed parent, read as page 1 of 100', async () => {
    const mine = await categoriesOf(admin);
    expect(mine.names).toEqual(['通用审批', '人事审批', '财务审批', '行政审批']);
    const theirs = await categoriesOf(other);
    expect(theirs.names).toEqual(mine.names);
    expect(theirs.parent.id).not.toBe(mine.parent.id);
  });

  it('a category added on the dictionary screen is one the engine accepts; an unknown key is refused', async () => {
    const { parent } = await categoriesOf(admin);
    const added = await admin.post(`${DICT}/submit`, { parentId: parent.id, code: WORKFLOW_CATEGORY_DICT.code, dictKey: 'it', dictValue: 'IT 审批', sort: 9 });
    expect(added.statusCode, added.body).toBe(200);
    expect((await categoriesOf(admin)).names).toContain('IT 审批');
    expect((await categoriesOf(other)).names).not.toContain('IT 审批');
    const options = (await admin.get(`${DICT}/dictionary?code=${WORKFLOW_CATEGORY_DICT.code}`)).json().data as { dictKey: string }[];
    expect(options.map((o) => o.dictKey)).toEqual(['general', 'hr', 'finance', 'admin', 'it']);
    await withTenant(server.database.db, TENANT, async (tx) => {
      await expect(assertWorkflowCategory(tx, 'it')).resolves.toBeUndefined();
      await expect(assertWorkflowCategory(tx, 'nope')).rejects.toMatchObject({ status: 400, key: 'wfcategories.unknown' });
    });
    await withTenant(server.database.db, OTHER_TENANT, async (tx) => {
      await expect(assertWorkflowCategory(tx, 'it')).rejects.toMatchObject({ status: 400 });
    });
    expectFailure(await admin.get(`${DICT}/child-list?parentId=${parent.id}&current=1&size=501`), 400);
  });
});
