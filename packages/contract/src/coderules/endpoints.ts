import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { CODE_RULE_PERMISSIONS as P } from './permissions.ts';
import { codeRule, codeRuleBrief, codeRuleCreate, codeRuleIdParams, codeRuleListQuery, codeRuleNumber, codeRuleRemoved, codeRuleUpdate } from './schemas.ts';

const BASE = '/code-rules';
const tag = 'code-rules';

export const CODE_RULE_ENDPOINTS = {
  all: defineEndpoint({
    operationId: 'coderules.all',
    method: 'GET',
    path: BASE,
    tag,
    summary: 'Every code rule, briefly',
    description: 'Id, code and name of every code rule of the tenant, by name: what a form field bound to a rule offers.',
    access: P.view,
    response: z.array(codeRuleBrief),
  }),
  list: defineEndpoint({
    operationId: 'coderules.list',
    method: 'GET',
    path: `${BASE}/list`,
    tag,
    summary: 'List code rules',
    description:
      'A page of code rules filtered by code and name (substrings, case-insensitive), ordered by sort then id, each with an example of its next number and the last sequence value taken in the current period.',
    access: P.view,
    query: codeRuleListQuery,
    response: pageOf(codeRule),
  }),
  create: defineEndpoint({
    operationId: 'coderules.create',
    method: 'POST',
    path: BASE,
    tag,
    summary: 'Create a code rule',
    description:
      "A rule is an ordered list of parts: fixed text, a date (yyyy, yyyyMM, yyyyMMdd, yyMMdd in the rule's time zone), one sequence (zero-padded width, start, step, reset never, daily, monthly or yearly), random digits or letters, the tenant code, the code of the user's company or department. Code and name are each unique in the tenant.",
    access: P.add,
    body: codeRuleCreate,
    response: codeRule,
    failures: [409],
  }),
  update: defineEndpoint({
    operationId: 'coderules.update',
    method: 'PUT',
    path: `${BASE}/:id`,
    tag,
    summary: 'Change a code rule',
    description: "Replaces the rule's fields. Its sequence goes on from the last value taken in the current period.",
    access: P.edit,
    params: codeRuleIdParams,
    body: codeRuleUpdate,
    response: codeRule,
    failures: [404, 409],
  }),
  remove: defineEndpoint({
    operationId: 'coderules.remove',
    method: 'DELETE',
    path: `${BASE}/:id`,
    tag,
    summary: 'Remove a code rule',
    description: 'Removes the rule and its sequence counters.',
    access: P.delete,
    params: codeRuleIdParams,
    response: codeRuleRemoved,
    failures: [404],
  }),
  gen: defineEndpoint({
    operationId: 'coderules.gen',
    method: 'GET',
    path: `${BASE}/:id/gen`,
    tag,
    summary: 'Take the next number',
    description:
      "Answers the rule's next number and takes it: no other call gets the same sequence value in this period, whatever the concurrency or the number of server processes (one counter row per rule and period, updated under its row lock). A number is lost (a gap) only when the transaction that took it is rolled back.",
    access: P.gen,
    params: codeRuleIdParams,
    response: codeRuleNumber,
    failures: [404],
  }),
};
