// jsdom computes a style afresh at every getComputedStyle: it copies each declaration that applies to
// the element through cssstyle's parser and resolves a dozen properties (visibility and pointer-events
// by walking up the ancestors), about half a millisecond an element here. Testing Library's role
// queries ask it for every node below every candidate (the accessible name skips hidden text), user-event
// before every pointer action, Floating UI for every ancestor of a popover: in a profile of three slow
// files, a quarter of the CPU was the accessible name's `isHidden` alone.
//
// The answer only changes when jsdom's own cache of the declarations is dropped: jsdom drops it (sets
// the document's `_styleCache` to null) whenever an attached node, its attributes (the style attribute
// included) or its text change, and whenever a style sheet is added or removed. So an answer is kept
// exactly as long as that cache is the same object, and is never older than jsdom's own.
//
// `_styleCache` is jsdom's internal field (jsdom 27, pinned in web/package.json). If a jsdom without it
// comes, the wrapper is not installed and every call goes to jsdom as before.

interface DocumentImpl {
  _styleCache: object | null;
}

/** Marks the wrapper: setup.ts runs again for each file of a worker, in the same window. */
const CACHING = Symbol('caching computed styles');

export function cacheComputedStyles(window: Window & typeof globalThis): void {
  if (CACHING in window.getComputedStyle) return;
  const implKey = Object.getOwnPropertySymbols(window.document).find((s) => s.description === 'impl');
  const impl = implKey && (window.document as unknown as Record<symbol, DocumentImpl>)[implKey];
  if (!impl || !('_styleCache' in impl)) return;

  const compute = window.getComputedStyle.bind(window);
  let answers = new WeakMap<Element, CSSStyleDeclaration>();
  /** jsdom's declaration cache the answers were computed with. */
  let answeredWith: object | null = null;

  const cached = (element: Element, pseudoElement?: string | null) => {
    if (pseudoElement) return compute(element, pseudoElement);
    // jsdom dropped the cache (null) or made a new one since: every answer kept is from before.
    if (impl._styleCache !== answeredWith) answers = new WeakMap();
    const known = answers.get(element);
    if (known) return known;
    const answer = compute(element);
    // Computing fills jsdom's cache (a new one if it had been dropped): the answers hold while it lasts.
    answeredWith = impl._styleCache;
    answers.set(element, answer);
    return answer;
  };
  window.getComputedStyle = Object.assign(cached, { [CACHING]: true });
}
