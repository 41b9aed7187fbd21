import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackCircuit } from '@slipstream/contract';
import { mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { CircuitDrawing } from './CircuitDrawing';
import { silverstone, squarePath, squareSvg } from './track.fixtures';
import { LAP_MS, LAP_STEPS, STEP_MS } from './useLapAnimation';

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  mockApi({ '/api/circuits/silverstone-8.svg': () => new Response(squareSvg, { headers: { 'content-type': 'image/svg+xml' } }) });
  vi.spyOn(SVGPathElement.prototype, 'getTotalLength').mockImplementation(squarePath.getTotalLength);
  vi.spyOn(SVGPathElement.prototype, 'getPointAtLength').mockImplementation(
    (length) => squarePath.getPointAtLength(length) as DOMPoint,
  );
});
afterEach(() => vi.useRealTimers());

async function showDrawing(circuit: TrackCircuit = silverstone) {
  renderWithApp(<CircuitDrawing circuit={circuit} season={2025} />);
  const button = await screen.findByRole('button', { name: 'Animate lap' });
  await vi.waitFor(() => expect(button).toBeEnabled());
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  return button;
}

const markerAt = () => {
  const marker = screen.getByTestId('lap-marker');
  return { x: Number(marker.getAttribute('cx')), y: Number(marker.getAttribute('cy')) };
};

describe('the circuit drawing', () => {
  it('shows the F1DB drawing in the theme’s variant', async () => {
    prefersReducedMotion(false);
    document.documentElement.classList.add('darkmode');
    renderWithApp(<CircuitDrawing circuit={silverstone} season={2025} />);
    const image = screen.getByRole('img', { name: 'Layout of Silverstone Circuit as raced in 2025' });
    expect(image).toHaveAttribute('src', '/api/circuits/silverstone-8.svg?variant=white');
    expect(await screen.findByRole('button', { name: 'Animate lap' })).toBeInTheDocument();
  });

  it('drives the marker smoothly round one lap on request', async () => {
    prefersReducedMotion(false);
    const button = await showDrawing();
    expect(screen.queryByTestId('lap-marker')).toBeNull();
    expect(screen.queryByText(/Reduced motion is on/)).toBeNull();

    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(LAP_MS / 4));
    const quarter = markerAt();
    expect(quarter.x).toBeGreaterThan(90);
    expect(quarter.y).toBeLessThan(10);
    act(() => void vi.advanceTimersByTime(LAP_MS / 4));
    expect(markerAt().x).toBeGreaterThan(90);
    expect(markerAt().y).toBeGreaterThan(90);

    act(() => void vi.advanceTimersByTime(LAP_MS));
    expect(markerAt()).toEqual({ x: 0, y: 0 });
    expect(screen.getByRole('button', { name: 'Animate lap' })).toBeInTheDocument();
    expect(screen.getByText('Lap complete.')).toBeInTheDocument();
  });

  it('with reduced motion, says so and moves the marker in steps, never by animation frames', async () => {
    prefersReducedMotion(true);
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const button = await showDrawing();
    expect(screen.getByText(`Reduced motion is on: the marker jumps round the lap in ${LAP_STEPS} steps, one every 1 s, instead of gliding.`)).toBeInTheDocument();

    fireEvent.click(button);
    expect(markerAt()).toEqual({ x: 0, y: 0 });
    act(() => void vi.advanceTimersByTime(STEP_MS - 1));
    expect(markerAt()).toEqual({ x: 0, y: 0 });
    act(() => void vi.advanceTimersByTime(1));
    expect(markerAt().x).toBeCloseTo(400 / LAP_STEPS);
    expect(markerAt().y).toBe(0);

    act(() => void vi.advanceTimersByTime(STEP_MS * (LAP_STEPS - 1)));
    expect(markerAt()).toEqual({ x: 0, y: 0 });
    expect(screen.getByRole('button', { name: 'Animate lap' })).toBeInTheDocument();
    expect(frames).not.toHaveBeenCalled();
  });

  it('drives an anti-clockwise circuit the other way round a path drawn clockwise', async () => {
    prefersReducedMotion(true);
    const button = await showDrawing({ ...silverstone, facts: { ...silverstone.facts, direction: 'ANTI_CLOCKWISE' } });
    fireEvent.click(button);
    act(() => void vi.advanceTimersByTime(STEP_MS));
    expect(markerAt().x).toBe(0);
    expect(markerAt().y).toBeCloseTo(400 / LAP_STEPS);
  });
});
