/** What other modules may use of datasources: everything else in this folder is its own. */
export { dataSources } from './tables.ts';
export { dataSourcesOf } from './index.ts';
export { DATA_SOURCE_RESOURCE, type DataSourceReader, typed as typedParameterValue } from './service.ts';
