import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { signedInApi, testAccount, testAccountSession, testProfile } from '../../test/accounts';
import { json, mockApi } from '../../test/api';
import { mclaren, piastri } from '../../test/favourites.fixtures';
import { renderRouter } from '../../test/render';

const profileUrl = `/api/profile/${testAccount.uid}`;

function renderUpdate(extra: Record<string, (request: Request) => Response | Promise<Response>> = {}, options: { applyAccept?: boolean } = {}) {
  const saved: unknown[] = [];
  mockApi({
    ...signedInApi(),
    '/api/drivers': () => json([piastri]),
    '/api/teams': () => json([mclaren]),
    [profileUrl]: async (request) => {
      if (request.method === 'PATCH') {
        const body = await request.json();
        saved.push(body);
        return json({ data: testProfile({ ...body }) });
      }
      return json({ data: testProfile() });
    },
    ...extra,
  });
  const { router } = renderRouter(createMemoryRouter(routes, { initialEntries: ['/update-profile'] }), { session: testAccountSession() });
  return { router, saved, user: userEvent.setup(options) };
}

// Typing into a whole form in happy-dom, after loading the route's code, takes a few seconds.
describe('the profile form', { timeout: 20_000 }, () => {
  it('refuses a display name outside 3 to 40 characters beside the field, without saving', async () => {
    const { saved, user } = renderUpdate();
    const name = await screen.findByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Al');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('At least 3 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.click(name);
    await user.paste('x'.repeat(39));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('At most 40 characters')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('saves names, country and favourites, and the menu follows the new name', async () => {
    const { saved, user } = renderUpdate();
    const name = await screen.findByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Ana Racer');
    await user.type(screen.getByLabelText('First name'), 'Ana');
    await user.selectOptions(screen.getByLabelText('Country'), 'Romania');
    await user.selectOptions(await screen.findByLabelText('Favourite driver'), 'Oscar Piastri (McLaren)');
    await user.selectOptions(screen.getByLabelText('Favourite team'), 'McLaren');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(saved).toEqual([
      { displayName: 'Ana Racer', firstName: 'Ana', lastName: null, country: 'RO', favourites: { favDriver: 'oscar-piastri', favTeam: 'mclaren' } },
    ]);
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Account menu for Ana Racer' })).toBeInTheDocument();
  });

  it('shows the server refusing a field beside it', async () => {
    const { user } = renderUpdate({
      [profileUrl]: (request) =>
        request.method === 'PATCH' ? json({ message: 'Invalid lastName: at most 50 characters' }, 400) : json({ data: testProfile() }),
    });
    await user.type(await screen.findByLabelText('Last name'), 'Marsh');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('At most 50 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('previews a chosen photo, and refuses other files and ones over 10 MB before sending them', async () => {
    const createObjectURL = vi.fn(() => 'blob:preview-1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    // As a browser whose file dialog lets the user pick any file, whatever the input accepts.
    const { user } = renderUpdate({}, { applyAccept: false });
    const input = await screen.findByLabelText('Choose a photo');

    await user.upload(input, new File(['gif'], 'me.gif', { type: 'image/gif' }));
    expect(screen.getByText('The photo must be a JPEG, PNG or WebP image.')).toBeInTheDocument();

    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, huge);
    expect(screen.getByText('The photo must be at most 10 MB.')).toBeInTheDocument();

    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(screen.queryByText('The photo must be at most 10 MB.')).toBeNull();
    expect(screen.getByRole('img', { name: 'Your photo' }).querySelector('img')).toHaveAttribute('src', 'blob:preview-1');
  });

  /** The photo laid over the badge that stands for the user (PhotoBadge). */
  const shownPhoto = () => screen.getByRole('img', { name: 'Your photo' }).querySelector('img')?.getAttribute('src');

  it('keeps showing the saved photo, with one reason, when the server refuses the new one', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:unreadable'), revokeObjectURL: vi.fn() }));
    const uploads = vi.fn(() => json({ code: 'profile/unsupported-image', message: 'The file is not an image the site can read.' }, 415));
    const { saved, user } = renderUpdate({
      [profileUrl]: () => json({ data: testProfile({ profilePhoto: '/uploads/photos/saved.webp' }) }),
      [`${profileUrl}/photo`]: uploads,
    });
    await user.upload(await screen.findByLabelText('Choose another photo'), new File(['not a png'], 'me.png', { type: 'image/png' }));
    expect(shownPhoto()).toBe('blob:unreadable');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await vi.waitFor(() => expect(uploads).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(shownPhoto()).toBe('/uploads/photos/saved.webp'));
    expect(screen.getAllByText('The photo must be a JPEG, PNG or WebP image.')).toHaveLength(1);
    expect(screen.queryByText('The file is not an image the site can read.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saved).toEqual([]);
  });

  it('deletes the account only after a confirmation', async () => {
    const deleted = vi.fn(() => new Response(null, { status: 204 }));
    const { router, user } = renderUpdate({
      [profileUrl]: (request) => (request.method === 'DELETE' ? deleted() : json({ data: testProfile() })),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    expect(deleted).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(deleted).toHaveBeenCalledOnce();
    expect(await within(screen.getByRole('banner')).findAllByRole('link', { name: 'Log In' })).not.toHaveLength(0);
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(await screen.findByText(/^Your account is deleted, with your profile, photo and favourites./)).toHaveAttribute('role', 'status');
  });
});
