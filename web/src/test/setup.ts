import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Explicit, because Testing Library registers its own cleanup only where it is first imported,
// and test files share one module cache (`isolate: false`).
afterEach(() => {
  cleanup();
  // Server-rendering tests run without a DOM.
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
