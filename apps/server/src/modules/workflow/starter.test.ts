import { expect, it } from 'vitest';
import { castOf, dbLabel, describeDb, expectFailure } from '../../test/helper.ts';

const TASK = '/api/macro-flow/workflow-task';

describeDb(`starter leave template (${dbLabel})`, () => {
  const cast = castOf('st_clerk');

  it('every tenant starts with an enabled leave template its administrator approves, end to end', async () => {
    for (const client of [cast.admin, cast.other]) {
      const startable = (await client.get(`${TASK}/get-allprocess?size=100`)).json().data.records as { code: string; name: string; enabled: boolean }[];
      expect(startable.find((s) => s.code === 'leave')).toMatchObject({ name: '请假审批', enabled: true });
    }
    const started = (await cast.admin.post(`${TASK}/create-process`, { code: 'leave', title: '年假三天', variables: { days: 3 } })).json().data;
    const todo = (await cast.admin.get(`${TASK}/upcoming-task?size=100&keyword=${encodeURIComponent('年假三天')}`)).json().data.records;
    expect(todo).toHaveLength(1);
    expect(todo[0]).toMatchObject({ processInstanceId: started.instanceId, nodeName: '部门审批', status: 'approving' });
    expect((await cast.admin.post(`${TASK}/task-handle`, { taskId: todo[0].taskId, action: 'approve', comment: '同意' })).statusCode).toBe(200);
    const done = (await cast.admin.get(`${TASK}/history-task?size=100&keyword=${encodeURIComponent('年假三天')}`)).json().data.records;
    // The submission (start node) and the approval, both done, the process approved.
    expect(done.map((t: { nodeId: string; status: string }) => [t.nodeId, t.status])).toEqual([
      ['approve', 'approved'],
      ['start', 'approved'],
    ]);
    // The other tenant's administrator neither sees nor handles it.
    expectFailure(await cast.other.post(`${TASK}/task-handle`, { taskId: todo[0].taskId, action: 'approve' }), 404);
  });
});
