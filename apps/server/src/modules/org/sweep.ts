import type { SweepClient, SweepFixture } from '../../platform/module.ts';

/**
 * Sweep data: a company with a department, named so a leak is easy to spot. Path parameters
 * are filled from `query` by name, so `companyId` and `deptId` reach the by-id routes.
 */
export async function sweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'OrgSweepMarker';
  const create = async (url: string, body: object) => {
    const response = await owner.post(url, body);
    if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
    return (response.json() as { data: { id: number } }).data.id;
  };
  const companyId = await create('/api/companies', { companyName: marker, companyCode: marker });
  const deptId = await create('/api/departments/', { companyId, deptName: marker });
  const childId = await create('/api/macro-system/dept/submit', { companyId, parentId: deptId, deptName: `${marker} child` });
  return {
    marker,
    query: {
      companyId: String(companyId),
      deptId: String(deptId),
      id: String(deptId),
      ids: [deptId, childId].join(','),
      parentId: String(deptId),
      deptName: marker,
      type: '1',
    },
    // Points at the owner's rows without carrying the marker: whatever the intruder creates is its own.
    body: {
      id: childId,
      companyId,
      parentId: deptId,
      companyName: 'stolen',
      companyCode: 'stolen',
      deptName: 'stolen',
      postList: [],
      F_Type: 1,
    },
    snapshot: async () =>
      [(await owner.get(`/api/companies/${companyId}`)).body, (await owner.get(`/api/companies/${companyId}/departments/tree`)).body].join('\n'),
  };
}
