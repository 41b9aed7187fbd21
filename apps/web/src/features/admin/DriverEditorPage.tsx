import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { driverOverrideFields } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { api } from '../../lib/api';
import { Page } from '../../lib/ui/Page';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { failureText } from './adminText';
import { EntityPicker } from './people/EntityPicker';
import { driverFieldSpecs } from './people/fields';
import { OverrideEditor } from './people/OverrideEditor';
import styles from './people/OverrideEditor.module.css';

function DriverEditorPage() {
  const [params, setParams] = useSearchParams();
  const driverId = params.get('driver');
  // The most recent teams, for the "Team" choice.
  const teams = useQuery({ queryKey: ['admin', 'team', 'search', ''], queryFn: () => api('searchAdminTeams', { query: { q: '' } }) });
  return (
    <Page page="driverEditor" lead={PAGE_DESCRIPTIONS.driverEditor}>
      <div className={styles.layout}>
        <EntityPicker noun="driver" search={(q) => api('searchAdminDrivers', { query: { q } })} selectedId={driverId} onSelect={(id) => setParams({ driver: id })} />
        {driverId === null ? (
          <p className={styles.muted}>Choose a driver to edit.</p>
        ) : (
          <QueryState query={teams} pending={<Skeleton shape="block" height="24rem" />} error={failureText}>
            {(choices) => (
              <OverrideEditor
                noun="driver"
                id={driverId}
                fields={driverFieldSpecs(choices.map((team) => [team.id, team.name]))}
                schema={driverOverrideFields}
                load={(driverId) => api('driverOverride', { params: { driverId } })}
                save={(driverId, patch) => api('updateDriverOverride', { params: { driverId }, body: patch })}
                revertAll={(driverId) => api('revertDriverOverride', { params: { driverId } })}
                history={(driverId) => api('driverHistory', { params: { driverId } })}
              />
            )}
          </QueryState>
        )}
      </div>
    </Page>
  );
}

export { DriverEditorPage as Component };
