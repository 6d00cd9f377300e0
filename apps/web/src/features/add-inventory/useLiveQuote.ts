import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api';

const QUOTE_DEBOUNCE_MS = 400;

type LiveQuote<T> = { data: T | null; loading: boolean; error: string | null };

/**
 * A figure fetched as the user types: waits `delay` ms after the last change of `key`, and aborts
 * the earlier in-flight call when the inputs change again (catalogue doc section 5: "Fee calculation
 * requires a consigner and cancels any earlier in-flight calculation"). A null key means "not enough
 * input yet" and clears the figure.
 */
export function useLiveQuote<T>(key: string | null, fetcher: (signal: AbortSignal) => Promise<T>, delay = QUOTE_DEBOUNCE_MS): LiveQuote<T> {
  const [state, setState] = useState<LiveQuote<T>>({ data: null, loading: false, error: null });
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  useEffect(() => {
    if (key === null) {
      setState({ data: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    const timer = window.setTimeout(() => {
      fetcherRef.current(controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setState({ data, loading: false, error: null });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ data: null, loading: false, error: errorMessage(error) });
        },
      );
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, delay]);

  return state;
}
