// React and React DOM, which the entry runs in a task of its own before the rest of the app's main chunk
// (main.tsx); web/scripts/chunk-groups.ts gives them, with this module, a chunk of their own.
export { createRoot } from 'react-dom/client';
