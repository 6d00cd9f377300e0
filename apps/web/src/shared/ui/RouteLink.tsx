import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { isBuiltRoute, type UserKind } from '@backroom/domain';

type RouteLinkProps = Omit<LinkProps, 'to'> & {
  to: string;
  /** Whose screen the address is; staff screens unless said otherwise. */
  kind?: UserKind;
  /** Shown instead while the screen does not exist yet; by default the link's text, plain. */
  fallback?: ReactNode;
};

/**
 * A link to an in-app screen that goes where it says once that screen exists and is plain text
 * until then (isBuiltRoute in the domain is the one list of built screens, shared with the menus),
 * so no link opens a placeholder page.
 */
export function RouteLink({ to, kind = 'employee', fallback, children, ...rest }: RouteLinkProps) {
  if (!isBuiltRoute(to, kind)) {
    return fallback !== undefined ? <>{fallback}</> : <span data-unbuilt-route={to}>{children}</span>;
  }
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}
