import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminUser, AdminUsersResponse } from '@slipstream/contract';
import { useAuth } from '../../lib/auth';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/time';
import { Button } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { QueryState } from '../../lib/ui/QueryState';
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
      <QueryState query={users} pending={<Skeleton lines={5} />} error={failureText}>
        {(data) => <UserList data={data} query={query} onPage={(page) => setQuery({ ...query, page })} />}
      </QueryState>
    </Card>
  );
}

/** One page of the accounts found, with the way to the others. */
type UserListProps = {
  data: AdminUsersResponse;
  /** What was asked: ahead of data while the next page loads. */
  query: { q: string; page: number };
  onPage: (page: number) => void;
};

function UserList({ data, query: { q, page }, onPage }: UserListProps) {
  if (data.users.length === 0) return <p className={styles.muted}>{q ? `No account matches “${q}”.` : 'No accounts yet.'}</p>;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <p className={styles.muted} aria-live="polite">
        {data.total === 1 ? '1 account' : `${data.total} accounts`}
        {q && ` matching “${q}”`}, page {data.page} of {pages}
      </p>
      <ul className={styles.userList}>
        {data.users.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Pages of users" className={styles.pager}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
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
