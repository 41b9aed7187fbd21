import { useSearchParams } from 'react-router';
import { teamOverrideFields } from '@slipstream/contract';
import { api } from '../../lib/api';
import { Page } from '../../lib/ui/Page';
import { EntityPicker } from './people/EntityPicker';
import { teamFieldSpecs } from './people/fields';
import { OverrideEditor } from './people/OverrideEditor';
import styles from './people/OverrideEditor.module.css';

const ABOUT = 'Edit how a team is shown: names, colour, logo, car photo, team principal and links. The imported data stays as it is.';

function TeamEditorPage() {
  const [params, setParams] = useSearchParams();
  const teamId = params.get('team');
  return (
    <Page title="Team editor" description={ABOUT} lead={ABOUT}>
      <div className={styles.layout}>
        <EntityPicker noun="team" search={api.searchAdminTeams} selectedId={teamId} onSelect={(id) => setParams({ team: id })} />
        {teamId === null ? (
          <p className={styles.muted}>Choose a team to edit.</p>
        ) : (
          <OverrideEditor
            noun="team"
            id={teamId}
            fields={teamFieldSpecs}
            schema={teamOverrideFields}
            load={api.getTeamOverride}
            save={api.updateTeamOverride}
            revertAll={api.revertTeamOverride}
            history={api.getTeamHistory}
          />
        )}
      </div>
    </Page>
  );
}

export { TeamEditorPage as Component };
