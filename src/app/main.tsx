/// <reference types="vite/client" />
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// index.html's title and tagline paint first, from the HTML alone; the app renders after that
// frame, as a transition (in slices of a few ms), and replaces them with its own.
requestAnimationFrame(() =>
  setTimeout(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  ),
);
