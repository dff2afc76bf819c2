import { Link, useLocation } from 'react-router';
import { isNavActive, type Viewer } from '../../domain';
import { navItemsFor } from './nav';

/** The bottom navigation: the spec's items in order, filtered by role and permission. */
export function BottomNav({ viewer }: { viewer: Viewer | null }) {
  const { pathname } = useLocation();
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        {navItemsFor(viewer).map((item) => {
          const active = isNavActive(item.path, pathname);
          return (
            <li key={item.path}>
              <Link to={item.path} className="bottom-nav__link" aria-current={active ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
