import { lazy, Suspense } from 'react';

// The icon set (some forty icons) loads beside the page instead of inside its first script;
// the import starts as soon as this module runs, so the icons arrive with the menu.
const iconSet = import('./menuIconSet');
const Glyph = lazy(() => iconSet.then((m) => ({ default: m.MenuIcon })));

/** A menu's icon by name; until the set has loaded, an empty square of the icon's size holds its place. */
export function MenuIcon({ name }: { name: string }) {
  if (!name) return null;
  return (
    <Suspense fallback={<span className="anticon menu-icon-pending" aria-hidden="true" />}>
      <Glyph name={name} />
    </Suspense>
  );
}
