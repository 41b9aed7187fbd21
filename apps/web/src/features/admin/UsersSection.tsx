import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminUser } from '@slipstream/contract';
import { useAuth } from '../../lib/auth';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/time';
import { Button } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { Skeleton } from '../../lib/ui/Skeleton';
import { adminKeys } from './adminQueries';
import { failureText } from './adminText';
import styles from './admin.module.css';

const PAGE_SIZE = 20;

/** The accounts: find one, make it an admin or a user, or delete it after typing its address. */
export function UsersSection() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const users = useQuery({
    queryKey: [...adminKeys.users, query],
    queryFn: () => api('adminUsers', { query: { q: query.q || undefined, page: query.page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const searchId = useId();
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ q: search.trim(), page: 1 });
  };
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  return (
    <Card as="section" title="Users">
      <form role="search" className={styles.filters} onSubmit={onSearch}>
        <div className={styles.field}>
          <label htmlFor={searchId}>Email or name</label>
          <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {users.isPending ? (
        <Skeleton lines={5} />
      ) : users.isError ? (
        <ErrorNote message={failureText(users.error)} onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <p className={styles.muted}>{query.q ? `No account matches “${query.q}”.` : 'No accounts yet.'}</p>
      ) : (
        <>
          <p className={styles.muted} aria-live="polite">
            {users.data.total === 1 ? '1 account' : `${users.data.total} accounts`}
            {query.q && ` matching “${query.q}”`}, page {users.data.page} of {pages}
          </p>
          <ul className={styles.userList}>
            {users.data.users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages of users" className={styles.pager}>
              <Button variant="secondary" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })}>
                Previous
              </Button>
              <Button variant="secondary" disabled={query.page >= pages} onClick={() => setQuery({ ...query, page: query.page + 1 })}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </Card>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const auth = useAuth();
  const isMe = auth.status === 'signedIn' && auth.user.uid === user.id;
  const queryClient = useQueryClient();
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.users });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    void queryClient.invalidateQueries({ queryKey: adminKeys.status });
  };
  const setRole = useMutation({ mutationFn: (role: AdminUser['role']) => api('setUserRole', { params: { id: user.id }, body: { role } }), onSuccess: changed });
  const [confirming, setConfirming] = useState(false);
  const otherRole = user.role === 'admin' ? 'user' : 'admin';

  return (
    <li className={styles.userRow}>
      <div className={styles.userWho}>
        <span className={styles.strong}>{user.email}</span>
        <span className={styles.muted}>
          {user.displayName ? `${user.displayName} · ` : ''}
          <span className={styles.badge} data-role={user.role}>
            {user.role}
          </span>
          {isMe && ' · you'} · since {formatDate(user.createdAt)}
          {!user.emailVerified && ' · address not confirmed'}
        </span>
      </div>
      <div className={styles.rowActions}>
        <Button
          variant="secondary"
          disabled={isMe || setRole.isPending}
          title={isMe ? 'You cannot change your own role' : undefined}
          aria-label={`Make ${user.email} ${otherRole === 'admin' ? 'an admin' : 'a user'}`}
          onClick={() => setRole.mutate(otherRole)}
        >
          {otherRole === 'admin' ? 'Make admin' : 'Make user'}
        </Button>
        <Button
          variant="ghost"
          className={styles.danger}
          disabled={isMe || confirming}
          title={isMe ? 'You cannot delete your own account here' : undefined}
          aria-label={`Delete ${user.email}`}
          onClick={() => setConfirming(true)}
        >
          Delete
        </Button>
      </div>
      {setRole.isError && <ErrorNote message={failureText(setRole.error)} />}
      {confirming && <DeleteConfirmation user={user} onCancel={() => setConfirming(false)} onDeleted={changed} />}
    </li>
  );
}

/** The confirmation step: the account goes only once its address has been typed. */
function DeleteConfirmation({ user, onCancel, onDeleted }: { user: AdminUser; onCancel(): void; onDeleted(): void }) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const headingId = useId();
  const remove = useMutation({ mutationFn: () => api('deleteUser', { params: { id: user.id }, body: { confirmEmail: typed } }), onSuccess: onDeleted });
  const matches = typed.trim().toLowerCase() === user.email;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) remove.mutate();
  };
  return (
    <form role="dialog" aria-labelledby={headingId} className={styles.confirm} onSubmit={onSubmit}>
      <h3 id={headingId} className={styles.subheading}>
        Delete {user.email}?
      </h3>
      <p>This deletes the account, its sessions and its favourites. It cannot be undone.</p>
      <div className={styles.field}>
        <label htmlFor={inputId}>Type {user.email} to confirm</label>
        <input id={inputId} autoFocus autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </div>
      {remove.isError && <ErrorNote message={failureText(remove.error)} />}
      <div className={styles.actions}>
        <Button type="submit" className={styles.dangerSolid} disabled={!matches || remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete account'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
