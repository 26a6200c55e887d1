import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { findRootElement } from './mount.ts';

createRoot(findRootElement()).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
