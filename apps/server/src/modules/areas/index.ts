import { AREA_ENDPOINTS as E } from '@macro/contract/areas';
import { defineModule, route } from '../../platform/module.ts';
import { areaChildren, seedAreas } from './service.ts';
import { areas } from './tables.ts';

/** The province / city / county list behind the cascading area selector. */
export const module = defineModule({
  name: 'areas',
  tables: [areas],
  routes: () => [
    route(E.children, ({ query }, { tx }) => areaChildren(tx, query.parentId)),
    route(E.childrenOf, ({ params }, { tx }) => areaChildren(tx, params.parentId)),
  ],
  seed: ({ db }) => seedAreas(db),
});
