import { useEffect, useRef } from 'react';
import { createWedgeBuffer } from '@backroom/domain';

/**
 * Scan intake's keyboard-wedge input (catalogue doc section 2): keys typed anywhere on the page go
 * through the domain's buffer (Enter ends a code; 500 ms of silence and every 3 s clear it). Keys
 * typed into a form field (a dialog's price, a search) stay there and are not read as a scan.
 */
export function useWedgeScanner(onCode: (code: string) => void, enabled: boolean) {
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  useEffect(() => {
    if (!enabled) return;
    const buffer = createWedgeBuffer((code) => onCodeRef.current(code));
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) && !target.dataset.scanInput;
      if (typing) return;
      // an open dialog owns the keyboard
      if (document.querySelector('.ant-modal-wrap:not([style*="display: none"])')) return;
      buffer.key(e.key);
      if (e.key === 'Enter') e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      buffer.dispose();
    };
  }, [enabled]);
}
