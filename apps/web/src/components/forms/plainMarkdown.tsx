import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx inside rjsf (the build aliases `markdown-to-jsx/react` here).
 * rjsf renders descriptions as Markdown only when a UI schema asks for it, which form schemes
 * never do; such a text then shows as written. The parser is a fifth of the form renderer's
 * download, and every task page carries the renderer.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <span>{children}</span>;
}
