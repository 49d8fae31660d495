import { MENU_CATEGORY } from '@macro/contract/menus';
import type { ModuleRecord, moduleBody, Subsystem, subsystemBody } from '@macro/contract/modules';
import type { Ctx, Tx } from '@macro/store';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { assertPlatformActor } from '../../platform/crossTenant.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { menuAdmin } from '../menus/public.ts';
import { menus } from '../menus/public.ts';
import { moduleExtras, subsystems } from './tables.ts';

type ModuleInput = z.output<typeof moduleBody>;
type SubsystemInput = z.output<typeof subsystemBody>;
type MenuRow = typeof menus.$inferSelect;

const SUBSYSTEM_NOT_FOUND = { message: 'modules.subsystemNotFound' };

/**
 * Modules on top of the menus: a module's menu and buttons are menu rows written through the
 * menu administration (its checks, audit and the administrator's grant), so the buttons are
 * the permission codes roles grant. The module row adds subsystem, forms and columns.
 */
export function moduleService(deps: ModuleDeps) {
  const admin = menuAdmin(deps);
  const platform = deps.config.defaultTenantId;

  async function records(tx: Tx, only?: (row: MenuRow) => boolean): Promise<ModuleRecord[]> {
    const rows = await tx.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
    const extras = new Map((await tx.select().from(moduleExtras)).map((e) => [e.menuId, e]));
    return rows
      .filter((row) => row.category === MENU_CATEGORY.menu && (!only || only(row)))
      .map((row) => {
        const extra = extras.get(row.id);
        return {
          id: row.id,
          parentId: row.parentId,
          name: row.name,
          code: row.code,
          path: row.path,
          source: row.source,
          sort: row.sort,
          subsystemId: extra?.subsystemId ?? 0,
          buttons: rows.filter((b) => b.parentId === row.id && b.category === MENU_CATEGORY.button).map((b) => ({ id: b.id, code: b.code, name: b.name })),
          forms: extra?.forms ?? [],
          columns: extra?.columns ?? [],
        };
      });
  }

  async function detail(ctx: Ctx, id: number): Promise<ModuleRecord> {
    assertPlatformActor(ctx, platform);
    const [found] = await records(ctx.tx, (row) => row.id === id);
    if (!found) throw notFound('modules.notFound');
    return found;
  }

  async function list(ctx: Ctx, search: { name?: string; code?: string } = {}): Promise<ModuleRecord[]> {
    assertPlatformActor(ctx, platform);
    const has = (value: string, term?: string) => !term || value.toLowerCase().includes(term.toLowerCase());
    return records(ctx.tx, (row) => has(row.name, search.name) && has(row.code, search.code));
  }

  async function ofSubsystem(ctx: Ctx, subsystemId: number): Promise<ModuleRecord[]> {
    await subsystemDetail(ctx, subsystemId);
    return (await records(ctx.tx)).filter((m) => m.subsystemId === subsystemId);
  }

  async function validateUrl(ctx: Ctx, code: string, url: string): Promise<{ valid: boolean; usedBy: string }> {
    assertPlatformActor(ctx, platform);
    const [other] = await ctx.tx
      .select({ name: menus.name })
      .from(menus)
      .where(and(eq(menus.path, url), ne(menus.code, code)));
    return { valid: !other, usedBy: other?.name ?? '' };
  }

  async function save(ctx: Ctx, input: ModuleInput, id?: number): Promise<ModuleRecord> {
    assertPlatformActor(ctx, platform);
    const { tx } = ctx;
    const codes = new Set<string>();
    for (const button of input.buttons) {
      if (codes.has(button.code)) throw unprocessable('modules.duplicateButton', { code: button.code });
      codes.add(button.code);
    }
    if (input.subsystemId) await findOr404(tx, subsystems, input.subsystemId, SUBSYSTEM_NOT_FOUND);
    const before = id === undefined ? undefined : await detail(ctx, id);
    const menu = await admin.submit(ctx, {
      id,
      parentId: input.parentId,
      name: input.name,
      code: input.code,
      alias: '',
      path: input.path,
      source: input.source,
      sort: input.sort,
      category: MENU_CATEGORY.menu,
      action: 1,
      isOpen: false,
      keepAlive: false,
      i18n: '',
      remark: '',
    });
    // Buttons by code: removed, renamed or added through the menu administration.
    const existing = new Map((before?.buttons ?? []).map((b) => [b.code, b]));
    const gone = [...existing.values()].filter((b) => !codes.has(b.code)).map((b) => b.id);
    if (gone.length) await admin.remove(ctx, gone);
    for (const [index, button] of input.buttons.entries()) {
      const kept = existing.get(button.code);
      if (kept && kept.name === button.name) continue;
      await admin.submit(ctx, {
        id: kept?.id,
        parentId: menu.id,
        name: button.name,
        code: button.code,
        alias: '',
        path: '',
        source: '',
        sort: index + 1,
        category: MENU_CATEGORY.button,
        action: 1,
        isOpen: false,
        keepAlive: false,
        i18n: '',
        remark: '',
      });
    }
    const extra = { subsystemId: input.subsystemId, forms: input.forms, columns: input.columns };
    await tx
      .insert(moduleExtras)
      .values({ menuId: menu.id, ...extra })
      .onConflictDoUpdate({ target: moduleExtras.menuId, set: extra });
    await ctx.audit.record(tx, ctx.actor, { action: id === undefined ? 'create' : 'update', resource: 'module', resourceId: menu.id, after: extra });
    return detail(ctx, menu.id);
  }

  async function remove(ctx: Ctx, id: number): Promise<{ removed: number }> {
    const module = await detail(ctx, id);
    const { removed } = await admin.remove(ctx, [...module.buttons.map((b) => b.id), id]);
    return { removed };
  }

  async function subsystemList(ctx: Ctx): Promise<Subsystem[]> {
    assertPlatformActor(ctx, platform);
    const rows = await ctx.tx.select().from(subsystems).orderBy(asc(subsystems.sort), asc(subsystems.id));
    const extras = await ctx.tx.select({ subsystemId: moduleExtras.subsystemId }).from(moduleExtras);
    return rows.map((row) => ({ ...row, modules: extras.filter((e) => e.subsystemId === row.id).length }));
  }

  async function subsystemDetail(ctx: Ctx, id: number): Promise<Subsystem> {
    const found = (await subsystemList(ctx)).find((row) => row.id === id);
    if (!found) throw notFound('modules.subsystemNotFound');
    return found;
  }

  async function saveSubsystem(ctx: Ctx, input: SubsystemInput, id?: number): Promise<Subsystem> {
    assertPlatformActor(ctx, platform);
    await assertUnique(ctx.tx, subsystems, eq(subsystems.code, input.code), { exceptId: id, message: 'modules.subsystemExists', params: { code: input.code } });
    if (id === undefined) return subsystemDetail(ctx, (await auditedInsert(ctx, subsystems, 'subsystem', input)).id);
    const before = await findOr404(ctx.tx, subsystems, id, { lock: true, ...SUBSYSTEM_NOT_FOUND });
    await auditedUpdate(ctx, subsystems, 'subsystem', before, input);
    return subsystemDetail(ctx, id);
  }

  async function removeSubsystem(ctx: Ctx, id: number): Promise<{ removed: number }> {
    assertPlatformActor(ctx, platform);
    const before = await findOr404(ctx.tx, subsystems, id, { lock: true, ...SUBSYSTEM_NOT_FOUND });
    const [used] = await ctx.tx.select({ id: moduleExtras.menuId }).from(moduleExtras).where(eq(moduleExtras.subsystemId, id)).limit(1);
    if (used) throw unprocessable('modules.subsystemInUse', { name: before.name });
    return { removed: await auditedDelete(ctx, subsystems, 'subsystem', [before]) };
  }

  return { list, detail, ofSubsystem, validateUrl, save, remove, subsystemList, subsystemDetail, saveSubsystem, removeSubsystem };
}
