/** Dictionaries every tenant starts with: the natures that company and department forms offer. */
export const STARTER_DICTIONARIES = [
  {
    code: 'CompanyNature',
    name: '公司性质',
    entries: ['国有企业', '民营企业', '外资企业', '中外合资企业', '集体企业', '股份有限公司', '事业单位', '社会团体'],
  },
  {
    code: 'DepartmentNature',
    name: '部门性质',
    entries: ['管理部门', '业务部门', '职能部门', '研发部门', '生产部门', '销售部门', '财务部门'],
  },
];
