import { useQuery } from '@tanstack/react-query';
import { countries, type Profile } from '@slipstream/contract';
import { useAuth, userDisplayName, type AuthUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { initials } from '../../lib/text';
import { ButtonLink } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { MyVotes } from '../vote';
import { Skeleton } from '../../lib/ui/Skeleton';
import { accountErrorText } from './errors';
import { FavouriteDriverCard, FavouriteTeamCard } from './FavouriteCards';
import { profileQuery } from './queries';
import styles from './ProfilePage.module.css';

/** Behind the login guard (router): only a signed-in user reaches it. */
function ProfilePage() {
  const { user } = useAuth();
  const profile = useQuery({ ...profileQuery(user!.uid) });

  return (
    <Page page="profile">
      <div className={styles.layout}>
        <Card as="section" className={styles.identity}>
          <QueryState query={profile} pending={<IdentitySkeleton />} error={accountErrorText}>
            {(data) => <Identity profile={data} user={user!} />}
          </QueryState>
          <ButtonLink to={paths.updateProfile} variant="secondary" className={styles.edit}>
            Update profile
          </ButtonLink>
        </Card>

        <section className={styles.section} aria-labelledby="favourites-heading">
          <h2 id="favourites-heading">Favourites</h2>
          <div className={styles.favourites}>
            <FavouriteDriverCard />
            <FavouriteTeamCard />
          </div>
        </section>

        <MyVotes />
      </div>
    </Page>
  );
}

function Identity({ profile, user }: { profile: Profile; user: AuthUser }) {
  const name = profile.displayName ?? userDisplayName(user);
  const hasOwnName = Boolean(profile.displayName);
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const country = countries.find(({ code }) => code === profile.country)?.name;
  return (
    <>
      <PhotoBadge src={profile.profilePhoto} alt={`Photo of ${name}`} fallback={initials(name)} colour="#e10600" size={112} />
      <div className={styles.names}>
        <h2 className={styles.displayName}>{name}</h2>
        {/* Without a display name the heading already is the address. */}
        {hasOwnName && <p className={styles.email}>{user.email}</p>}
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Name</dt>
          <dd>{fullName || 'Not given'}</dd>
        </div>
        <div>
          <dt>Country</dt>
          <dd>{country ?? 'Not given'}</dd>
        </div>
      </dl>
    </>
  );
}

function IdentitySkeleton() {
  return (
    <>
      <Skeleton shape="circle" width={112} height={112} />
      <div className={styles.names}>
        <Skeleton width="12rem" height="1.6rem" shape="block" />
        <Skeleton width="14rem" />
      </div>
      <Skeleton lines={2} width="100%" />
    </>
  );
}

export { ProfilePage as Component };
