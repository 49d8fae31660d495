/** What other modules may use of org: everything else in this folder is its own. */
export { departmentNameForReference, departmentNames, deptDetail, deptSubtreeSql, submitDept } from './departments.ts';
export { assertDepartment, companiesBelow, companyOfDepartment, departmentsOfCompanies } from './people.ts';
export { companies, departments, DEPT_DATA } from './tables.ts';
