import { useEffect, useState, type RefObject } from 'react';

/** How far outside the screen (and outside a carousel's scrolled view) an element already counts as seen. */
const NEAR = '200px';

/**
 * Whether the element has come near the screen yet; once true it stays true. The home's game cards wait
 * for it before asking for their pictures: 16 cards have 32, and a phone's first seconds are better spent
 * on the ones in view than on requests and decodes for cards nobody has scrolled to. Without
 * IntersectionObserver (jsdom) everything is seen. `eager`: seen from the first render, for what is
 * surely in view (waiting for the observer's first report costs a render and a frame before the
 * pictures are asked for, and those pictures are the first screen's largest paint).
 */
export function useSeen(ref: RefObject<Element | null>, eager = false): boolean {
  const [seen, setSeen] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setSeen(true);
        observer.disconnect();
      },
      // scrollMargin widens the carousels' own clip too, so the next card is ready before it scrolls in.
      { rootMargin: NEAR, scrollMargin: NEAR } as IntersectionObserverInit,
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}
