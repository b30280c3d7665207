/** The destinations of the main navigation, each drawn by one icon below. */
export type NavIconName = 'home' | 'browse' | 'search' | 'ranking' | 'library' | 'discover' | 'admin';

// 24×24 outlines in the text colour; the tab bar shows them above the labels (or alone when the
// labels do not fit), the wide header hides them.
const PATHS: Record<NavIconName, string> = {
  home: 'M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9',
  browse: 'M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z',
  search: 'M10.5 3.5a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM15.5 15.5 21 21',
  ranking: 'M9 20V8h6v12M3 20v-7h6M15 20v-9h6v9M2 20h20M12 2.5l.9 1.8 2 .3-1.5 1.4.4 2-1.8-1-1.8 1 .4-2-1.5-1.4 2-.3z',
  library: 'M4 4h4v16H4zM10 4h4v16h-4zM16.2 5.2l3.8-1 3 14.6-3.8 1zM2 20h14',
  discover: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM15.5 8.5l-2 5-5 2 2-5z',
  admin: 'M12 3 4 6v6c0 4.6 3.4 8.3 8 9 4.6-.7 8-4.4 8-9V6zM12 9.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM12 13.5V16',
};

export function NavIcon({ name }: { name: NavIconName }): JSX.Element {
  return (
    <svg class="site-nav__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}
