import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Lesson } from './Lesson.tsx';
import { stubResizeObserver } from '../../test-support/resizeTesting.ts';

// jsdom has no matchMedia: the lesson lays itself out one step at a time, as on a phone.
// (and no scrollIntoView, which a phone's Try this calls to bring the figure into view)
beforeEach(() => {
  window.history.replaceState(null, '', '/');
  Element.prototype.scrollIntoView = vi.fn();
});
vi.setConfig({ testTimeout: 20_000 });

const figureStep = () => screen.getByTestId('lesson-figure').querySelector('[data-step-id]')?.getAttribute('data-step-id');
/** The figure's code is a chunk of its own, loaded after the text: wait for it to show `id`. */
const figureShows = (id: string) => waitFor(() => expect(figureStep()).toBe(id), { timeout: 10_000 });

describe('the lesson, one step at a time', () => {
  it('opens at the step the address names, with its figure', async () => {
    stubResizeObserver();
    render(<Lesson initialStep={2} />);
    const shown = [...document.querySelectorAll('[data-testid^="lesson-step-"]')];
    expect(shown.map((step) => step.querySelector('h2')?.textContent)).toEqual(['Its weak spot: a tie']);
    expect(shown[0]!.getAttribute('aria-current')).toBe('step');
    await figureShows('ties');
    expect(screen.getByTestId('textbook-line').textContent).toContain('9 jobs');
  });

  it('Next and Previous move a step, set the figure up for it, put focus on its heading and name it in the address without a history entry', async () => {
    stubResizeObserver();
    const entries = window.history.length;
    render(<Lesson initialStep={null} />);
    await figureShows('fire-time');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(figureStep()).toBe('ties');
    expect(window.location.search).toBe('?lesson=2');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Its weak spot: a tie' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(figureStep()).toBe('shift');
    expect(screen.getByTestId('lesson-bits')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(window.location.search).toBe('?lesson=2');
    expect(window.location.hash).toBe('');
    expect(window.history.length).toBe(entries);
  });

  it('the keys move too, but not while a field has focus', async () => {
    stubResizeObserver();
    render(<Lesson initialStep={3} />);
    await figureShows('shift');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(figureStep()).toBe('bump');
    fireEvent.keyDown(window, { key: 'k' });
    expect(figureStep()).toBe('shift');
    const field = screen.getByLabelText('Exact delay (ms)');
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    expect(figureStep()).toBe('shift');
  });

  it("Try this does what it says on the step's preset: 10 comes before 2", async () => {
    stubResizeObserver();
    render(<Lesson initialStep={2} />);
    await figureShows('ties');
    fireEvent.click(screen.getByTestId('lesson-try'));
    const tokens = within(screen.getByTestId('textbook-line')).getAllByTestId('job-token');
    expect(tokens[1]!.getAttribute('data-member')).toBe('10');
    expect(screen.getByTestId('textbook-line').textContent).toContain('12 jobs');
  });

  it('links to the free stage from the step, and leaves the script slot to what the app passes', async () => {
    stubResizeObserver();
    render(<Lesson initialStep={8} scriptPart={<p>the stepper</p>} />);
    expect(await screen.findByText('the stepper', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the free stage' }).getAttribute('href')).toBe('?stage&lesson=8');
  });

  it("ends with Try it yourself: the stage in the figure's state, named from the last step", async () => {
    stubResizeObserver();
    render(<Lesson initialStep={8} scriptPart={<p>the stepper</p>} />);
    await screen.findByText('the stepper', {}, { timeout: 10_000 });
    expect(screen.getByRole('heading', { name: 'Try it yourself' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open the stage with these jobs' });
    await waitFor(() => expect(link.getAttribute('href')).toMatch(/^\?stage&lesson=8#s=1~/));
    const before = link.getAttribute('href');
    fireEvent.click(screen.getByTestId('lesson-try'));
    // the job the reader added goes along
    await waitFor(() => expect(link.getAttribute('href')).not.toBe(before));
  });
});
