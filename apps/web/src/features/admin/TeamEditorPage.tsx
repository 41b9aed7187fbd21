import { useSearchParams } from 'react-router';
import { teamOverrideFields } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { api } from '../../lib/api';
import { Page } from '../../lib/ui/Page';
import { EntityPicker } from './people/EntityPicker';
import { teamFieldSpecs } from './people/fields';
import { OverrideEditor } from './people/OverrideEditor';
import styles from './people/OverrideEditor.module.css';

function TeamEditorPage() {
  const [params, setParams] = useSearchParams();
  const teamId = params.get('team');
  return (
    <Page page="teamEditor" lead={PAGE_DESCRIPTIONS.teamEditor}>
      <div className={styles.layout}>
        <EntityPicker noun="team" search={(q) => api('searchAdminTeams', { query: { q } })} selectedId={teamId} onSelect={(id) => setParams({ team: id })} />
        {teamId === null ? (
          <p className={styles.muted}>Choose a team to edit.</p>
        ) : (
          <OverrideEditor
            noun="team"
            id={teamId}
            fields={teamFieldSpecs}
            schema={teamOverrideFields}
            load={(constructorId) => api('teamOverride', { params: { constructorId } })}
            save={(constructorId, patch) => api('updateTeamOverride', { params: { constructorId }, body: patch })}
            revertAll={(constructorId) => api('revertTeamOverride', { params: { constructorId } })}
            history={(constructorId) => api('teamHistory', { params: { constructorId } })}
          />
        )}
      </div>
    </Page>
  );
}

export { TeamEditorPage as Component };
