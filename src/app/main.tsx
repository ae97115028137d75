/// <reference types="vite/client" />
import { StrictMode, startTransition } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { pageAt } from '../features/lesson/lessonAddress.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The lesson is what `/` and `?lesson=<n>` open; the free stage is `?stage`, `?bridge=` and every
// `#s=` link. Each is a chunk of its own, and the address alone picks which one is fetched, at once
// and before anything renders: the start script is React and this file, so `/` does not fetch the
// stage's code before it paints, and a link to the stage never shows the lesson first.
const address = pageAt(window.location.search, window.location.hash);

const show = (page: ReactNode) =>
  // index.html's title and tagline paint first, from the HTML alone; the app renders after that
  // frame, as a transition (in slices of a few ms), and replaces them with its own.
  requestAnimationFrame(() => setTimeout(() => startTransition(() => createRoot(root).render(<StrictMode>{page}</StrictMode>))));

const stage = () => import('./App.tsx').then(({ App }) => <App />);

// A chunk that did not come (offline, or a new deploy removed it): the lesson falls back to the
// stage, and when neither loads, index.html's frame stays with a line saying so.
const page: Promise<ReactNode> =
  address.page === 'lesson' ? import('./Lesson.tsx').then(({ Lesson }) => <Lesson initialStep={address.step} />, stage) : stage();

void page.then(show, () => show(<NotLoaded />));

/** The page's frame, as index.html paints it, with why nothing else came. */
function NotLoaded() {
  return (
    <main className="page">
      <header className="page-top">
        <h1>firetime</h1>
        <p className="page-tagline" role="alert">
          The page's code did not load (offline, or a newer version is out): reload the page to try again.
        </p>
      </header>
    </main>
  );
}
