import { createContext, createElement, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { Link } from 'wouter';
import { useNavigate } from '../PortalContext';

/**
 * One click handler for the in-app links inside a container, so they can be plain `<a href>`s.
 * A 100-row list has 200 row links: as router `<Link>`s each would subscribe to the location and
 * hold its own handler, which made up a good part of the time a page of rows takes to render.
 * A modified or middle click, a `target`, a download or another origin is left to the browser.
 */
export function useLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate.go(url.pathname + url.search + url.hash);
    },
    [navigate],
  );
}

/** True inside a container whose anchor clicks `useLinkClicks` handles (a list's table). */
export const LinkClicksHandled = createContext(false);

/**
 * An in-app link: a plain `<a>` where a container handles the clicks (a router `<Link>` re-renders
 * on every location change: 100 of them in a list's Account column did on each sort or next page),
 * a router `<Link>` anywhere else.
 */
export function InAppLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return useContext(LinkClicksHandled) ? createElement('a', { href, ...rest }) : createElement(Link, { href, ...rest });
}
