// The modules, one job each: api.js (the JSON API), router.js (hash
// routes), dom.js / svg.js / errors.js (helpers), families.js (colours and
// point names per family), boards.js (boards without a game, from the
// server), position.js (positions along the tree), game_tree.js (walking
// the tree), board_view.js with board_hex.js, board_twixt.js, board_go.js,
// board_blokus.js and what they share, board_geometry.js (the SVG boards),
// board_hints.js (the explorer's marks), search_form.js,
// search_drawing.js, hit_list.js, search_page.js (the search page),
// game_page.js with move_list.js, eval_plot.js, eval_sources.js,
// game_info.js, pieces_left.js (the viewer), explorer_page.js with
// explorer_state.js (its URL), explorer_picker.js (the boards),
// explorer_board.js (its board column), explorer_filters.js, explorer_line.js (the breadcrumbs),
// explorer_games.js (the games reaching a position), continuation_table.js
// and continuation_cells.js (the moves played next), explorer_panel.js
// (the game page's "Find this position"), pattern_editor.js (drawing a
// pattern), players_page.js and player_page.js (the players and one
// player's record), events_page.js and event_page.js (the events and one
// event's table).
//
// Entry point: reads the hash route and shows the page it names
// (#/search, #/game/ID, #/explore); shows the database's counts in the
// header. A page that stays the same (the same game at another node, after
// back/forward) is updated in place instead of rebuilt.

import * as api from './api.js';
import { parse, onChange } from './router.js';
import { clearError, showError } from './errors.js';
import { fmt, h } from './dom.js';
import { loadBlokusVariants } from './families.js';
import { renderSearchPage } from './search_page.js';
import { createGamePage } from './game_page.js';
import { createExplorePage } from './explorer_page.js';
import { renderPlayersPage } from './players_page.js';
import { renderPlayerPage } from './player_page.js';
import { renderEventsPage } from './events_page.js';
import { renderEventPage } from './event_page.js';

const main = document.getElementById('main');
let current = null; // {page, arg, controller}

function show(route) {
  clearError();
  const { page, arg, params } = route;
  for (const a of document.querySelectorAll('[data-nav]')) {
    if (a.dataset.nav === page) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (current && current.page === page && current.arg === arg && current.controller && current.controller.update) {
    current.controller.update(params);
    return;
  }
  if (current && current.controller && current.controller.destroy) current.controller.destroy();
  current = { page, arg, controller: null };
  // A new page: keyboard and screen-reader focus start at its content.
  main.focus({ preventScroll: true });
  try {
    if (page === 'game') {
      document.title = `ludex · game ${arg}`;
      current.controller = createGamePage(main, arg, params);
    } else if (page === 'explore') {
      document.title = 'ludex · explore';
      current.controller = createExplorePage(main, params);
    } else if (page === 'players') {
      document.title = 'ludex · players';
      renderPlayersPage(main, params);
    } else if (page === 'player') {
      document.title = `ludex · ${arg}`;
      renderPlayerPage(main, arg, params);
    } else if (page === 'events') {
      document.title = 'ludex · events';
      renderEventsPage(main, params);
    } else if (page === 'event') {
      document.title = 'ludex · event';
      renderEventPage(main, arg, params);
    } else if (page === 'search') {
      document.title = 'ludex · search';
      renderSearchPage(main, params);
    } else {
      main.replaceChildren(h('p', {}, `There is no page “${page}”. `, h('a', { href: '#/search' }, 'Search games')));
    }
  } catch (e) {
    showError(e, 'page');
    main.replaceChildren(h('p', {}, 'This page failed; the message is above. ', h('a', { href: '#/search' }, 'Search games')));
  }
}

window.addEventListener('error', (e) => showError(e.error || e.message, 'script'));
window.addEventListener('unhandledrejection', (e) => showError(e.reason, 'request'));

api.info().then((info) => {
  const fam = Object.entries(info.games_by_family || {}).map(([f, n]) => `${f} ${fmt.format(n)}`).join(', ');
  document.getElementById('db-info').textContent = `${fmt.format(info.games)} games${fam ? ` (${fam})` : ''}`;
}).catch((e) => showError(e, 'database'));

// "Skip to content" moves the focus to the page's content; following its
// href (#main) would change the route, which the hash router reads as a page.
document.querySelector('a.skip').addEventListener('click', (e) => {
  e.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
});

// The first page is shown once the variant list (the search form's choices)
// has come, or failed to come: the rest of the app works without it.
loadBlokusVariants().catch((e) => showError(e, 'request')).finally(() => {
  onChange(show);
  show(parse());
});
