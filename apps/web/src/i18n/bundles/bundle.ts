type Bundle = Record<string, unknown>;

/** All strings of one language: the console's namespaces, and the contract's messages with each domain's table in it. */
export interface LanguageBundle {
  /** Namespace (common, shell, tasks, …) → its strings. */
  namespaces: Record<string, Bundle>;
  /** The `messages` namespace: the kit's messages, each domain's under its name (`workflow`, `auth`, …). */
  messages: Bundle;
}

/** The namespace of `…/<namespace>.json`. */
const namespaceOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
/** The domain of `…/<domain>/messages/<language>.json`. */
const domainOf = (path: string): string => path.split('/').at(-3)!;

export function languageBundle(kit: Bundle, namespaces: Record<string, unknown>, domains: Record<string, unknown>): LanguageBundle {
  const messages: Bundle = { ...kit };
  for (const [path, table] of Object.entries(domains)) messages[domainOf(path)] = table;
  return { namespaces: Object.fromEntries(Object.entries(namespaces).map(([path, bundle]) => [namespaceOf(path), bundle as Bundle])), messages };
}
