// The admin panel's section menu and deep links (issue 33, item 6), run by the page's module script.
// Browser-only code, no island: the page is server-rendered, the cards are islands that load their
// data after it and grow.

/** How long the page keeps the linked card in place while the cards above it load and grow. */
const SETTLE_MS = 6000;
/** The menu's link of the section whose top is under this line (px from the top) is the current one. */
const CURRENT_LINE_PX = 120;

/**
 * Lands on the element the address's #fragment names (a section, #teams, or a card, #card-staff) and
 * keeps it there while the islands above it hydrate and load, until the person scrolls, types or
 * clicks. A browser lands on a fragment by itself once, on a first visit: not after the reload that
 * follows the admin password (it restores the gate's scroll position), nor as the cards grow.
 */
export function landOnHash(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  history.scrollRestoration = 'manual';
  let settled = false;
  const settle = () => {
    settled = true;
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown']) window.addEventListener(type, settle, { once: true, passive: true, capture: true });
  const land = () => {
    if (!settled) target.scrollIntoView({ block: 'start' });
  };
  land();
  window.addEventListener('load', () => requestAnimationFrame(land), { once: true });
  const main = document.querySelector('main');
  if (!main) return;
  const growing = new ResizeObserver(land);
  growing.observe(main);
  setTimeout(() => {
    growing.disconnect();
    settle();
  }, SETTLE_MS);
}

/** Marks the menu's link of the section on screen (aria-current="location"), and keeps it in the menu's view on a phone. */
export function followSections(menu: HTMLElement): void {
  const links = [...menu.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const sections = links.map((link) => document.getElementById(link.hash.slice(1)));
  const list = menu.querySelector<HTMLElement>('[data-section-list]');
  let current: HTMLAnchorElement | undefined;
  const mark = () => {
    let index = 0;
    sections.forEach((section, i) => {
      if (section && section.getBoundingClientRect().top <= CURRENT_LINE_PX) index = i;
    });
    // At the very bottom the last section is the one being read, however short.
    if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) index = links.length - 1;
    const link = links[index];
    if (!link || link === current) return;
    current?.removeAttribute('aria-current');
    link.setAttribute('aria-current', 'location');
    current = link;
    if (list && list.scrollWidth > list.clientWidth) list.scrollLeft = link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2;
  };
  // On a phone the menu scrolls sideways: a faded edge says there is more that way.
  const fade = () => {
    if (!list) return;
    const left = list.scrollLeft > 2;
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 2;
    list.dataset.more = left && right ? 'both' : left ? 'left' : right ? 'right' : '';
  };
  list?.addEventListener('scroll', fade, { passive: true });
  window.addEventListener('resize', fade, { passive: true });
  fade();
  let queued = false;
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        mark();
      });
    },
    { passive: true },
  );
  mark();
}
