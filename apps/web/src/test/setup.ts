import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearQueryCache } from '../shared/api/query-cache';

afterEach(() => {
  cleanup();
  // The app has one query client: each test starts with an empty cache.
  clearQueryCache();
  // Tests of the server render run in Node, without storage.
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
