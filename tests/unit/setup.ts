import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor wait for what the user would see; their 1 s default was shorter than a render takes when the
// unit files run on every core of a machine that is busy (CI, or eight engineers on two cores)
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
