import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
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

describe('the lesson, one step at a time', () => {
  it('opens at the step the address names, with its figure', () => {
    stubResizeObserver();
    render(<Lesson initialStep={2} />);
    const shown = [...document.querySelectorAll('[data-testid^="lesson-step-"]')];
    expect(shown.map((step) => step.querySelector('h2')?.textContent)).toEqual(['Its weak spot: a tie']);
    expect(figureStep()).toBe('ties');
    expect(screen.getByTestId('textbook-line').textContent).toContain('9 jobs');
  });

  it('Next and Previous move a step, set the figure up for it and name it in the address without a history entry', () => {
    stubResizeObserver();
    const entries = window.history.length;
    render(<Lesson initialStep={null} />);
    expect(figureStep()).toBe('fire-time');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(figureStep()).toBe('ties');
    expect(window.location.search).toBe('?lesson=2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(figureStep()).toBe('shift');
    expect(screen.getByTestId('lesson-bits')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(window.location.search).toBe('?lesson=2');
    expect(window.location.hash).toBe('');
    expect(window.history.length).toBe(entries);
  });

  it('the keys move too, but not while a field has focus', () => {
    stubResizeObserver();
    render(<Lesson initialStep={3} />);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(figureStep()).toBe('bump');
    fireEvent.keyDown(window, { key: 'k' });
    expect(figureStep()).toBe('shift');
    const field = screen.getByLabelText('Exact delay (ms)');
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    expect(figureStep()).toBe('shift');
  });

  it("Try this does what it says on the step's preset: 10 comes before 2", () => {
    stubResizeObserver();
    render(<Lesson initialStep={2} />);
    fireEvent.click(screen.getByTestId('lesson-try'));
    const tokens = within(screen.getByTestId('textbook-line')).getAllByTestId('job-token');
    expect(tokens[1]!.getAttribute('data-member')).toBe('10');
    expect(screen.getByTestId('textbook-line').textContent).toContain('12 jobs');
  });

  it('links to the free stage, and leaves the script slot to what the app passes', () => {
    stubResizeObserver();
    render(<Lesson initialStep={8} scriptPart={<p>the stepper</p>} />);
    expect(screen.getByRole('link', { name: 'Open the free stage' }).getAttribute('href')).toBe('?stage');
    expect(screen.getByText('the stepper')).toBeTruthy();
  });
});
