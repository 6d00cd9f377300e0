// Screens whose code loads on demand, drawn at once when that code is already here.
//
// React.lazy suspends the first time it renders, even when the module has long arrived (it only
// learns so from a promise), so its Suspense boundary commits a fallback; React then holds the
// screen's own commit until 300 ms after the latest fallback (its throttle against flicker). On a
// first load the app starts the shell's and the screen's code at once (app/boot.ts), and each of the
// nested lazy levels (antd's root, the back office, the screen) used to add a fallback, so the list
// was drawn up to 130 ms after it was ready (bench/README.md "The first screen drawn in one go").
import { createElement, lazy, useState, type ComponentType } from 'react';

/** A loader that keeps what it loaded: `loaded` is the module once its promise has resolved. */
export type KeptLoader<M, A extends unknown[] = []> = ((...args: A) => Promise<M>) & { loaded?: M };

/** The loader, run once however often it is asked, with the first call's arguments (a failed load may be tried again). */
export function keepLoaded<M, A extends unknown[] = []>(load: (...args: A) => Promise<M>): KeptLoader<M, A> {
  let pending: Promise<M> | undefined;
  const kept: KeptLoader<M, A> = (...args: A) =>
    (pending ??= load(...args).then(
      (module) => {
        kept.loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return kept;
}

/** Each loader of a map kept (`keepLoaded`): the page maps of the router and the two apps. */
export function keepAllLoaded<T extends Record<string, () => Promise<unknown>>>(loaders: T): { [K in keyof T]: KeptLoader<Awaited<ReturnType<T[K]>>> } {
  return Object.fromEntries(Object.entries(loaders).map(([name, load]) => [name, keepLoaded(load)])) as { [K in keyof T]: KeptLoader<Awaited<ReturnType<T[K]>>> };
}

/**
 * `React.lazy` of a kept loader, but a screen whose code is already loaded renders it directly,
 * without suspending. The choice is made once per mount: turning from the lazy to the direct
 * component later would remount the screen and lose its state. `unavailable` is drawn when the
 * code cannot be fetched (instead of the error reaching the nearest error boundary).
 */
export function lazyScreen<P extends object>(load: KeptLoader<{ default: ComponentType<P> }, [] | [string]>, unavailable?: ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(unavailable ? () => load().catch(() => ({ default: unavailable })) : () => load()) as ComponentType<P>;
  function Screen(props: P) {
    const [loaded] = useState(() => load.loaded?.default ?? null);
    return createElement(loaded ?? Lazy, props);
  }
  return Screen;
}
