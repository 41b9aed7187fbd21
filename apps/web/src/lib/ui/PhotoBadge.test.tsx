import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoBadge } from './PhotoBadge';

describe('a photo with a team-colour fallback', () => {
  it('shows the photo when there is one', () => {
    render(<PhotoBadge src="/max.jpg" alt="Max Verstappen" fallback="MV" colour="3671C6" />);
    expect(screen.getByRole('img', { name: 'Max Verstappen' })).toHaveAttribute('src', '/max.jpg');
  });

  it('shows initials in team colour, with readable text, when there is no photo', () => {
    render(<PhotoBadge src={null} alt="Lando Norris" fallback="LN" colour="#FF8000" />);
    const badge = screen.getByRole('img', { name: 'Lando Norris' });
    expect(badge.tagName).toBe('SPAN');
    expect(badge).toHaveTextContent('LN');
    expect(badge).toHaveStyle({ background: '#ff8000', color: '#000000' });
  });

  it('replaces a photo that fails to load, never leaving a broken image', () => {
    render(<PhotoBadge src="/gone.jpg" alt="Car 44" fallback="44" colour="#27F4D2" />);
    fireEvent.error(screen.getByRole('img', { name: 'Car 44' }));
    expect(screen.getByRole('img', { name: 'Car 44' })).toHaveTextContent('44');
    expect(document.querySelector('img')).toBeNull();
  });
});
