import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` give up after 1 s by default, which a busy or slower machine can pass
// while a lazy screen or a translation file loads; they return as soon as the element is there.
configure({ asyncUtilTimeout: 15_000 });

// Explicit, because Testing Library registers its own cleanup only where it is first imported,
// and test files share one module cache (`isolate: false`).
afterEach(() => {
  cleanup();
  // Server-rendering tests run without a DOM.
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
