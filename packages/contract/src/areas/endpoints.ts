import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { areaItem, areaParams, areaQuery } from './schemas.ts';

const BASE = '/macro-labor/areas';
const tag = 'areas';

/** The official province / city / county list, read one level at a time. */
export const AREA_ENDPOINTS = {
  children: defineEndpoint({
    operationId: 'areas.children',
    method: 'GET',
    path: BASE,
    tag,
    summary: 'Areas below a parent',
    description:
      "The areas directly below `parentId`, ordered by code: the provinces when it is absent, empty or `0`, a province's cities for its 2-digit code, a city's counties for its 4-digit code. An unknown parent has no children (empty list). Any signed-in user may read them.",
    access: 'authenticated',
    query: areaQuery,
    response: z.array(areaItem),
  }),
  childrenOf: defineEndpoint({
    operationId: 'areas.childrenOf',
    method: 'GET',
    path: `${BASE}/:parentId`,
    tag,
    summary: 'Areas below a parent, by path',
    description: 'The same list as `GET /macro-labor/areas?parentId=`, the parent in the path (`0` for the provinces).',
    access: 'authenticated',
    params: areaParams,
    response: z.array(areaItem),
  }),
};
