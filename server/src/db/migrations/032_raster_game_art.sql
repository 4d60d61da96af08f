-- The game providers' artwork as WebP pictures (scripts/games-art.mjs draws them from the SVGs): a browser
-- draws every SVG picture as a document of its own on the page's main thread, and the home's game cards
-- showed 32 of them (npm run bench:web). Only the paths the seed wrote change; artwork an operator set
-- stays as it is.
update game_providers set logo = '/games/' || code || '.webp' where logo = '/games/' || code || '.svg';
update game_providers set background = '/games/' || code || '-bg.webp'
  where background = '/games/' || code || '-bg.svg';
