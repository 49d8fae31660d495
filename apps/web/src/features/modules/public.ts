/** What other features may use of the modules: the module and subsystem lists (shown beside the menus). */
export { ModuleList, SubsystemList } from './ModuleLists';
