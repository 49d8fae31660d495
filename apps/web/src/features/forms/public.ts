/** What other features may use of the forms: a form record's pages and the links to them. */
export { RecordDetailPage, RecordEditPage, recordLinks } from './RecordPages';
