import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { RoundCard } from './RoundCard';
import { ergastRace } from './results.fixtures';

const miami = ergastRace(2025, { round: 6, name: 'Miami Grand Prix', country: 'United States', date: '2025-05-04' });

describe('a round of the results feed', () => {
  it('marks a classification the API says is provisional', () => {
    renderWithApp(
      <RoundCard race={{ ...miami, provisional: true }}>
        <table />
      </RoundCard>,
    );
    const card = screen.getByRole('article', { name: 'Miami Grand Prix' });
    expect(within(card).getByRole('note')).toHaveTextContent(/^ProvisionalThese results come from F1's live timing/);
  });

  it('shows a confirmed classification unmarked', () => {
    renderWithApp(
      <RoundCard race={miami}>
        <table />
      </RoundCard>,
    );
    expect(screen.queryByText('Provisional')).toBeNull();
  });
});
