import { expect, it } from 'vitest';
import { castOf, dbLabel, describeDb, expectFailure } from '../../test/helper.ts';

const TASK = '/api/macro-flow/workflow-task';

describeDb(`task operations on an ended process (${dbLabel})`, () => {
  const cast = castOf('wf_ended_clerk');

  it('operations on an ended instance say so: 422 "the process has ended" in the reader\'s language, not "already handled"', async () => {
    const title = '结束后再审批';
    const started = (await cast.admin.post(`${TASK}/create-process`, { code: 'leave', title, variables: { days: 1 } })).json().data;
    const [task] = (await cast.admin.get(`${TASK}/upcoming-task?size=100&keyword=${encodeURIComponent(title)}`)).json().data.records;
    expect((await cast.admin.post(`${TASK}/task-handle`, { taskId: task.taskId, action: 'approve' })).statusCode).toBe(200);
    // The starter template has one approval: the process has completed.
    const approve = { taskId: task.taskId, action: 'approve' };
    expectFailure(await cast.admin.post(`${TASK}/task-handle`, approve), 422, '流程已结束');
    expectFailure(await cast.adminEn.post(`${TASK}/task-handle`, approve), 422, 'The process has ended');
    expectFailure(await cast.adminJa.post(`${TASK}/task-handle`, approve), 422, 'プロセスは終了しています');
    // Every other operation on its tasks, and with form data (checked before the form), says the same.
    const ended = 'The process has ended';
    expectFailure(await cast.adminEn.post(`${TASK}/task-handle`, { ...approve, variables: { days: 2 } }), 422, ended);
    expectFailure(await cast.adminEn.post(`${TASK}/task-handle`, { taskId: task.taskId, action: 'reject', rejectTo: 'start' }), 422, ended);
    expectFailure(await cast.adminEn.post(`${TASK}/reinitiate-process`, { taskId: started.taskId }), 422, ended);
    expectFailure(await cast.adminEn.post(`${TASK}/delegateTask`, { taskId: task.taskId, userId: cast.clerkId }), 422, ended);
    expectFailure(
      await cast.adminEn.call({ method: 'PUT', url: `${TASK}/change-candidate`, payload: { taskId: task.taskId, userId: cast.clerkId } }),
      422,
      ended,
    );
    expectFailure(await cast.adminEn.post(`${TASK}/again-candidate`, { taskId: task.taskId, userIds: [cast.clerkId] }), 422, ended);
    expectFailure(await cast.adminEn.post(`${TASK}/form-process`, { taskId: task.taskId, variables: { days: 2 } }), 422, ended);
    expectFailure(await cast.adminEn.post(`${TASK}/circulate`, { processInstanceId: started.instanceId, userIds: [cast.clerkId] }), 422, ended);
  });
});
