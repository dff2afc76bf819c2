import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { isNavActive, type Viewer } from '../../domain';
import { Icon } from '../shared/components/Icon';
import { PHONE_SLOTS, navItemsFor, splitNav, type NavItem } from './nav';
import { useHeightVariable } from './useHeightVariable';
import { DESKTOP_QUERY, useMediaQuery } from '../shared/useMediaQuery';
import { useModalDialog } from '../shared/useModalDialog';

/**
 * The bottom navigation: the spec's items in order, filtered by role and permission, each an icon
 * over its label. On a phone the bar holds PHONE_SLOTS items and 'More', which opens a sheet with
 * the rest (as Lichess mobile does), so no item is ever pushed off the edge.
 */
export function BottomNav({ viewer }: { viewer: Viewer | null }) {
  const { pathname } = useLocation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { bar, more } = splitNav(navItemsFor(viewer), desktop ? Infinity : PHONE_SLOTS);
  const [sheetOpen, setSheetOpen] = useState(false);
  const moreActive = more.some((item) => isNavActive(item.path, pathname));
  const navRef = useRef<HTMLElement>(null);
  useHeightVariable(navRef, '--bottom-nav-height');
  const { t } = useLingui();

  // A link in the sheet navigates: the sheet has done its job.
  useEffect(() => setSheetOpen(false), [pathname]);

  return (
    <nav ref={navRef} className="bottom-nav" aria-label={t`Main`}>
      <ul className="bottom-nav__bar">
        {bar.map((item) => (
          <li key={item.path}>
            <NavLink item={item} active={isNavActive(item.path, pathname)} />
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <button
              type="button"
              className={`bottom-nav__link${moreActive ? ' is-active' : ''}`}
              aria-haspopup="dialog"
              aria-expanded={sheetOpen}
              onClick={() => setSheetOpen(true)}
            >
              <Icon name="more" size="1.5rem" />
              <span><Trans>More</Trans></span>
            </button>
          </li>
        )}
      </ul>
      {sheetOpen && <MoreSheet items={more} pathname={pathname} onClose={() => setSheetOpen(false)} />}
    </nav>
  );
}

function NavLink({ item, active }: { item: NavItem; active: boolean }) {
  const { i18n } = useLingui();
  return (
    <Link to={item.path} className="bottom-nav__link" aria-current={active ? 'page' : undefined}>
      <Icon name={item.icon} size="1.5rem" />
      <span>{i18n._(item.label)}</span>
    </Link>
  );
}

/**
 * The overflow as a modal sheet over the bar: focus stays inside, Escape or a tap outside closes
 * it and gives focus back to 'More' (a link that navigates leaves focus to the new screen's heading).
 */
function MoreSheet({ items, pathname, onClose }: { items: NavItem[]; pathname: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);
  const { i18n, t } = useLingui();
  return (
    <dialog
      ref={ref}
      className="nav-sheet"
      aria-label={t`More`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="nav-sheet__body">
      <ul className="nav-sheet__list">
        {items.map((item) => (
          <li key={item.path}>
            <Link
              to={item.path}
              className="nav-sheet__link"
              aria-current={isNavActive(item.path, pathname) ? 'page' : undefined}
              onClick={onClose}
            >
              <Icon name={item.icon} size="1.5rem" />
              <span>{i18n._(item.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="button nav-sheet__close" onClick={onClose}><Trans>Close</Trans></button>
      </div>
    </dialog>
  );
}
