import { MODULE_ENDPOINTS as E } from '@macro/contract/modules';
import { defineModule, route } from '../../platform/module.ts';
import { moduleService } from './service.ts';
import { moduleExtras, subsystems } from './tables.ts';

export const module = defineModule({
  name: 'modules',
  uses: ['menus'],
  after: ['menus'],
  tables: [subsystems, moduleExtras],
  routes: (deps) => {
    const s = moduleService(deps);
    return [
      route(E.list, ({ query }, ctx) => s.list(ctx, query)),
      route(E.all, (_, ctx) => s.list(ctx)),
      route(E.detail, ({ params }, ctx) => s.detail(ctx, params.id)),
      route(E.buttons, async ({ params }, ctx) => (await s.detail(ctx, params.id)).buttons),
      route(E.forms, async ({ params }, ctx) => (await s.detail(ctx, params.id)).forms),
      route(E.fomrs, async ({ params }, ctx) => (await s.detail(ctx, params.id)).forms),
      route(E.columns, async ({ params }, ctx) => (await s.detail(ctx, params.id)).columns),
      route(E.ofSystem, ({ params }, ctx) => s.ofSubsystem(ctx, params.id)),
      route(E.validateUrl, ({ params, query }, ctx) => s.validateUrl(ctx, params.name, query.url)),
      route(E.create, ({ body }, ctx) => s.save(ctx, body)),
      route(E.update, ({ params, body }, ctx) => s.save(ctx, body, params.id)),
      route(E.remove, ({ params }, ctx) => s.remove(ctx, params.id)),
      route(E.subsystems, (_, ctx) => s.subsystemList(ctx)),
      route(E.subsystem, ({ params }, ctx) => s.subsystemDetail(ctx, params.id)),
      route(E.createSubsystem, ({ body }, ctx) => s.saveSubsystem(ctx, body)),
      route(E.updateSubsystem, ({ params, body }, ctx) => s.saveSubsystem(ctx, body, params.id)),
      route(E.removeSubsystem, ({ params }, ctx) => s.removeSubsystem(ctx, params.id)),
    ];
  },
  uniqueMessages: [{ constraint: 'macro_subsystem_code', message: 'modules.subsystemExists', params: { code: 'code' } }],
});
