import { createContext, useContext, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { isBuiltRoute, mayOpenRoute, type SignedInUser, type UserKind } from '@backroom/domain';

/** Whose links these are: the signed-in user of the app around them (StaffApp provides it). */
export const RouteAccessContext = createContext<Pick<SignedInUser, 'accessControls' | 'role'> | null>(null);

type RouteLinkProps = Omit<LinkProps, 'to'> & {
  to: string;
  /** Whose screen the address is; staff screens unless said otherwise. */
  kind?: UserKind;
  /** Shown instead while the screen does not exist yet (or is not open to this user); by default the link's text, plain. */
  fallback?: ReactNode;
};

/**
 * A link to an in-app screen that goes where it says once that screen exists and the signed-in user
 * may open it (their areas: a consigner's name links to /consigners/{id} only with Consigners), and
 * is plain text otherwise (isBuiltRoute in the domain is the one list of built screens, shared with
 * the menus), so no link opens a placeholder page or a screen that sends the user away.
 */
export function RouteLink({ to, kind = 'employee', fallback, children, ...rest }: RouteLinkProps) {
  const user = useContext(RouteAccessContext);
  const open = user ? mayOpenRoute(to, user, kind) : isBuiltRoute(to, kind);
  if (!open) {
    return fallback !== undefined ? <>{fallback}</> : <span data-unbuilt-route={to}>{children}</span>;
  }
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}
