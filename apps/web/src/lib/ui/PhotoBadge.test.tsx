import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoBadge } from './PhotoBadge';

describe('a photo with a team-colour fallback', () => {
  it('lays the photo, sized and lazy, over the badge, asking for it without a referrer', () => {
    render(<PhotoBadge src="/max.jpg" alt="Max Verstappen" fallback="1" colour="3671C6" size={56} />);
    const photo = screen.getByRole('img', { name: 'Max Verstappen' }).querySelector('img')!;
    expect(photo).toHaveAttribute('src', '/max.jpg');
    expect(photo).toMatchObject({ width: 56, height: 56, loading: 'lazy' });
    expect(photo).toHaveAttribute('referrerpolicy', 'no-referrer');
    // Shown once loaded, so a failing photo never flashes the browser's broken-image icon.
    expect(photo).not.toHaveAttribute('data-loaded');
    fireEvent.load(photo);
    expect(photo).toHaveAttribute('data-loaded');
  });

  it('shows initials in team colour, with readable text, when there is no photo', () => {
    render(<PhotoBadge src={null} alt="Lando Norris" fallback="LN" colour="#FF8000" />);
    const badge = screen.getByRole('img', { name: 'Lando Norris' });
    expect(badge.tagName).toBe('SPAN');
    expect(badge).toHaveTextContent('LN');
    expect(badge).toHaveStyle({ color: '#000000' });
    expect(badge.style.getPropertyValue('--team')).toBe('#ff8000');
    expect(badge.querySelector('img')).toBeNull();
  });

  it('drops a photo that fails to load, never leaving a broken image', () => {
    render(<PhotoBadge src="/gone.jpg" alt="Car 44" fallback="44" colour="#27F4D2" />);
    fireEvent.error(screen.getByRole('img', { name: 'Car 44' }).querySelector('img')!);
    expect(screen.getByRole('img', { name: 'Car 44' })).toHaveTextContent('44');
    expect(document.querySelector('img')).toBeNull();
  });

  it('is hidden from screen readers when it only decorates a name beside it', () => {
    const { container } = render(<PhotoBadge src={null} alt="" fallback="4" colour="#FF8000" />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
