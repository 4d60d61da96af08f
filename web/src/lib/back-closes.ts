import { useEffect, useRef } from 'react';

// The phone's back button with a modal open closes the modal, as members expect of an app, instead of
// changing the page behind it and leaving the modal over the new one. Each open modal stands on a history
// entry of the same address (the router sees no new page), marked with its depth; back pops one and the
// topmost modal closes. A modal closed otherwise (its button, a done step) takes its entry back off,
// unless a navigation from inside it already moved past it. Opening and closing are reconciled once after
// React's effects, so one modal replacing another in a single render moves history by neither.

const MARK = 'krapaoModalDepth';

interface Open {
  close: () => void;
}
const stack: Open[] = [];
/** How many marked entries stand above the page's own entry. */
let depth = 0;
/** history.go calls of ours whose popstate is still to come. */
let ignoring = 0;
let scheduled = false;

const markOf = (state: unknown): number => {
  const mark = state && typeof state === 'object' ? (state as Record<string, unknown>)[MARK] : undefined;
  return typeof mark === 'number' ? mark : 0;
};

function reconcile() {
  scheduled = false;
  if (stack.length > depth) {
    const base: unknown = window.history.state;
    const kept = base && typeof base === 'object' ? base : {};
    while (depth < stack.length) window.history.pushState({ ...kept, [MARK]: ++depth }, '');
  } else if (stack.length < depth) {
    // A navigation from inside a modal moved on: its entries stay behind, history is not wound back.
    if (markOf(window.history.state) === depth) {
      ignoring += 1;
      window.history.go(stack.length - depth);
    }
    depth = stack.length;
  }
}

const schedule = () => {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(reconcile);
};

function onPopState(event: PopStateEvent) {
  if (ignoring > 0) {
    ignoring -= 1;
    return;
  }
  const landed = markOf(event.state);
  depth = landed;
  // Back: the modals above the entry landed on close, topmost first.
  while (stack.length > landed) stack.pop()!.close();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState);

export function useBackCloses(isOpen: boolean, onClose: () => void) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!isOpen) return;
    const entry: Open = { close: () => close.current() };
    stack.push(entry);
    schedule();
    return () => {
      const at = stack.indexOf(entry);
      if (at >= 0) stack.splice(at, 1);
      schedule();
    };
  }, [isOpen]);
}
