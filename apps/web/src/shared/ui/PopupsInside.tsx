import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';

/**
 * Select lists and pickers opened inside `children` are drawn next to their field, in the same
 * scrolling box, instead of at the end of the page. In a phone sheet (a modal taller than the screen)
 * a list then moves with its field when the sheet scrolls: drawn at the end of the page, it was
 * re-placed after every scroll and an option could move from under the finger between press and
 * release, so the pick was lost.
 */
export function PopupsInside({ children }: { children: ReactNode }) {
  return <ConfigProvider getPopupContainer={(trigger) => trigger?.parentElement ?? document.body}>{children}</ConfigProvider>;
}
