/// <reference types="vite/client" />
import { StrictMode, startTransition } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { pageAt } from '../features/lesson/lessonAddress.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The lesson is what `/` and `?lesson=<n>` open; the free stage is `?stage` and every `#s=` link.
// The lesson comes in a chunk of its own, fetched at once: the start script stays the stage's.
const address = pageAt(window.location.search, window.location.hash);
const lesson = address.page === 'lesson' ? import('./Lesson.tsx') : null;

const show = (page: ReactNode) =>
  // index.html's title and tagline paint first, from the HTML alone; the app renders after that
  // frame, as a transition (in slices of a few ms), and replaces them with its own.
  requestAnimationFrame(() => setTimeout(() => startTransition(() => createRoot(root).render(<StrictMode>{page}</StrictMode>))));

if (lesson === null || address.page !== 'lesson') show(<App />);
// the lesson's chunk did not come (offline, a new deploy): the free stage is in the start script
else
  lesson.then(
    ({ Lesson }) => show(<Lesson initialStep={address.step} />),
    () => show(<App />),
  );
