// A visible cue on a table that scrolls sideways: a line saying so above it and a fade on the edge
// that hides columns, so nobody takes the visible part for the whole table.
import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { SwapOutlined } from '@ant-design/icons';

type Edges = { overflow: boolean; start: boolean; end: boolean };

const NONE: Edges = { overflow: false, start: false, end: false };

/** The element inside that scrolls sideways (an antd table's body or content), if any. */
function scroller(root: HTMLElement): HTMLElement | null {
  const candidates = root.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content, .ant-table-tbody-virtual-holder, [data-scroll-x]');
  for (const el of candidates) if (el.scrollWidth > el.clientWidth + 1) return el;
  return null;
}

function measure(root: HTMLElement, minWidth: number | undefined): Edges {
  const el = scroller(root);
  if (el) {
    const left = Math.abs(el.scrollLeft);
    return { overflow: true, start: left > 1, end: left + el.clientWidth < el.scrollWidth - 1 };
  }
  // a virtual table scrolls with its own bar: compare the columns' width with the room it has
  if (minWidth !== undefined && minWidth > root.clientWidth + 1) return { overflow: true, start: false, end: true };
  return NONE;
}

export function ScrollCue({
  children,
  minWidth,
  hint = 'Scroll sideways to see every column',
  ...rest
}: { children: ReactNode; minWidth?: number; hint?: string } & HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, unknown>) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>(NONE);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = measure(root, minWidth);
        setEdges((e) => (e.overflow === next.overflow && e.start === next.start && e.end === next.end ? e : next));
      });
    };
    update();
    const resize = new ResizeObserver(update);
    resize.observe(root);
    const table = root.querySelector('table');
    if (table) resize.observe(table);
    // scroll does not bubble: listen in the capture phase for any scroller inside
    root.addEventListener('scroll', update, true);
    const mutations = new MutationObserver(update);
    mutations.observe(root, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      mutations.disconnect();
      root.removeEventListener('scroll', update, true);
    };
  }, [minWidth]);

  return (
    <div {...rest} className={`br-scroll-cue${rest.className ? ` ${rest.className}` : ''}`} data-overflow={edges.overflow} ref={ref}>
      {edges.overflow && (
        <div className="br-scroll-hint" data-testid="scroll-hint">
          <SwapOutlined /> {hint}
        </div>
      )}
      <div className="br-scroll-frame">
        {children}
        <span aria-hidden className="br-scroll-fade br-scroll-fade-start" data-show={edges.start} />
        <span aria-hidden className="br-scroll-fade br-scroll-fade-end" data-show={edges.end} data-testid="scroll-fade-end" />
      </div>
    </div>
  );
}
