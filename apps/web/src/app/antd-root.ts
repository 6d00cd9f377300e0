import { keepLoaded } from '../shared/lazy-screen';

/** The chunk of AntdRoot.tsx: App.tsx renders it lazily; the sign-in form starts it on submit. */
export const loadAntdRoot = keepLoaded(() => import('./AntdRoot'));

/** Screens drawn without antd (react-router matches paths without regard to case or a final slash). */
export function isPlainPath(pathname: string): boolean {
  return pathname.toLowerCase().replace(/\/+$/, '') === '/login';
}
