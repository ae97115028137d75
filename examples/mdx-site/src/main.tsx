import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CardState } from 'firetime-cards';
import Course from './course.mdx';
import './course.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <Course />
    </main>
  </StrictMode>,
);

// The element's event, typed by the package: the page keeps a count of the reader's jobs.
document.addEventListener('firetime:change', (event) => {
  const state: CardState = event.detail;
  document.body.dataset.lastCard = `${state.card}: ${state.jobs.band} jobs`;
});
