import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessages, countries, profilePatch, profilePhotoUpload, type Profile, type ProfilePatch } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { useEffect, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAuth, userDisplayName } from '../../lib/auth';
import { api, fileForm } from '../../lib/api';
import { leaveNotice } from '../../lib/notice';
import { paths } from '../../lib/paths';
import { initials } from '../../lib/text';
import { Button } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { allOf, QueryFailure, QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { Skeleton } from '../../lib/ui/Skeleton';
import { useAccountSession } from './accountSession';
import { accountErrorCodeOf, accountErrorText, fieldOfServerError } from './errors';
import { fieldErrorsOf, FormNote, formStyles, SelectField, SubmitButton, TextField, type FieldErrors } from './form';
import { driversQuery, profileQuery, teamsQuery } from './queries';
import styles from './UpdateProfilePage.module.css';

/** Behind the login guard (router). New Google and GitHub accounts land here first. */
function UpdateProfilePage() {
  const { user } = useAuth();
  const profile = useQuery(profileQuery(user!.uid));
  return (
    <Page page="updateProfile" lead={PAGE_DESCRIPTIONS.updateProfile}>
      <QueryState query={profile} pending={<FormSkeleton />} error={accountErrorText}>
        {(data) => <ProfileForm profile={data} />}
      </QueryState>
      <DeleteAccount />
    </Page>
  );
}

type Values = { displayName: string; firstName: string; lastName: string; country: string; favDriver: string; favTeam: string };

const valuesOf = (profile: Profile): Values => ({
  displayName: profile.displayName ?? '',
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  country: profile.country ?? '',
  favDriver: profile.favourites.favDriver ?? '',
  favTeam: profile.favourites.favTeam ?? '',
});

/** An empty field clears it (null), as the API expects. */
const orNull = (value: string) => value.trim() || null;

function patchOf(values: Values): ProfilePatch {
  return {
    displayName: orNull(values.displayName),
    firstName: orNull(values.firstName),
    lastName: orNull(values.lastName),
    country: values.country || null,
    favourites: { favDriver: values.favDriver || null, favTeam: values.favTeam || null },
  };
}

/** A photo chosen but not saved yet, or the wish to remove the current one. */
type PhotoChange = { kind: 'upload'; file: File; preview: string } | { kind: 'remove' } | null;

function ProfileForm({ profile }: { profile: Profile }) {
  const { user } = useAuth();
  const session = useAccountSession();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [photo, setPhoto] = useState<PhotoChange>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // A preview's object URL is freed once another photo replaces it, or the form goes.
  useEffect(() => () => void (photo?.kind === 'upload' && URL.revokeObjectURL(photo.preview)), [photo]);

  const save = useMutation({
    mutationFn: async (patch: ProfilePatch) => {
      // The photo first: when the server refuses it, the other changes wait with it for another try.
      if (photo?.kind === 'upload') await api('uploadProfilePhoto', { params: { uid: profile.uid }, body: fileForm(profilePhotoUpload.field, photo.file) });
      if (photo?.kind === 'remove') await api('removeProfilePhoto', { params: { uid: profile.uid } });
      return (await api('updateProfile', { params: { uid: profile.uid }, body: patch })).data;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQuery(saved.uid).queryKey, saved);
      // The standings count favourites: theirs changed.
      void queryClient.invalidateQueries({ queryKey: driversQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: teamsQuery.queryKey });
      session.profileChanged(saved);
      setPhoto(null);
    },
    onError: (error) => {
      const errors = fieldErrorsOfSaving(error);
      setFieldErrors(errors);
      // A refused photo is dropped: the saved one shows again, with the reason beside the picker.
      if (errors.photo) setPhoto(null);
    },
  });

  const set = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setValues({ ...values, [field]: event.target.value });
    if (save.isSuccess) save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fieldErrors.photo) return;
    const parsed = profilePatch.safeParse(patchOf(values));
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setFieldErrors({});
    save.mutate(parsed.data);
  };

  const name = orNull(values.displayName) ?? userDisplayName(user!);
  const shownPhoto = photo?.kind === 'upload' ? photo.preview : photo?.kind === 'remove' ? null : profile.profilePhoto;

  return (
    <form className={styles.layout} onSubmit={submit} noValidate>
      <Card as="section" className={styles.photoCard}>
        <h2 className={styles.cardTitle}>Photo</h2>
        <PhotoBadge src={shownPhoto} alt={shownPhoto ? 'Your photo' : 'No photo yet'} fallback={initials(name)} colour="#e10600" size={128} />
        <PhotoPicker
          hasPhoto={shownPhoto !== null}
          error={fieldErrors.photo}
          onChange={(change, error) => {
            setPhoto(change);
            setFieldErrors({ ...fieldErrors, photo: error });
            if (save.isSuccess) save.reset();
          }}
        />
      </Card>

      <Card as="section" className={styles.details}>
        <h2 className={styles.cardTitle}>About you</h2>
        <TextField
          label="Display name"
          name="displayName"
          autoComplete="nickname"
          value={values.displayName}
          onChange={set('displayName')}
          error={fieldErrors.displayName}
          hint="3 to 40 characters, shown in the menu and on your profile."
        />
        <div className={styles.pair}>
          <TextField label="First name" name="firstName" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={fieldErrors.firstName} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={fieldErrors.lastName} />
        </div>
        <SelectField label="Country" name="country" autoComplete="country" value={values.country} onChange={set('country')} error={fieldErrors.country}>
          <option value="">Not given</option>
          {sortedCountries.map(({ code, name: countryName }) => (
            <option key={code} value={code}>
              {countryName}
            </option>
          ))}
        </SelectField>

        <h2 className={styles.cardTitle}>Favourites</h2>
        <FavouritePickers values={values} onChange={set} errors={fieldErrors} />

        {save.isError && Object.keys(fieldErrorsOfSaving(save.error)).length === 0 && <ErrorNote message={accountErrorText(save.error)} />}
        {save.isSuccess && <FormNote kind="success">Your profile is saved.</FormNote>}
        <div className={styles.actions}>
          <SubmitButton busy={save.isPending} busyLabel="Saving…">
            Save profile
          </SubmitButton>
        </div>
      </Card>
    </form>
  );
}

const sortedCountries = [...countries].sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** Where a refused save belongs: the photo, a favourite, a field the server named; else only the form's note. */
function fieldErrorsOfSaving(error: unknown): FieldErrors {
  const code = accountErrorCodeOf(error);
  if (code === 'profile/unsupported-image' || code === 'profile/image-too-large') return { photo: accountErrorMessages[code] };
  if (code === 'profile/unknown-driver') return { favDriver: accountErrorMessages[code] };
  if (code === 'profile/unknown-team') return { favTeam: accountErrorMessages[code] };
  const field = fieldOfServerError(error);
  return field ? { [field.field]: field.message } : {};
}

function PhotoPicker({ hasPhoto, error, onChange }: { hasPhoto: boolean; error?: string; onChange: (change: PhotoChange, error?: string) => void }) {
  const id = useId();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked here too, so a wrong file is refused before it travels; the server decides from the bytes.
    if (!(profilePhotoUpload.types as readonly string[]).includes(file.type)) return onChange(null, accountErrorMessages['profile/unsupported-image']);
    if (file.size > profilePhotoUpload.maxBytes) return onChange(null, accountErrorMessages['profile/image-too-large']);
    onChange({ kind: 'upload', file, preview: URL.createObjectURL(file) });
  };
  return (
    <div className={styles.picker}>
      <input
        id={id}
        type="file"
        name="photo"
        accept={profilePhotoUpload.types.join(',')}
        className={`visually-hidden ${styles.fileInput}`}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={choose}
      />
      {/* The label is the visible button; the input before it gives it its focus ring (CSS). */}
      <label htmlFor={id} className={styles.upload}>
        {hasPhoto ? 'Choose another photo' : 'Choose a photo'}
      </label>
      <p id={`${id}-hint`} className={formStyles.hint}>
        JPEG, PNG or WebP, up to 10 MB. It is saved with the profile.
      </p>
      {error && (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      )}
      {hasPhoto && (
        <button type="button" className={formStyles.inlineAction} onClick={() => onChange({ kind: 'remove' })}>
          Remove photo
        </button>
      )}
    </div>
  );
}

function FavouritePickers({
  values,
  onChange,
  errors,
}: {
  values: Values;
  onChange: (field: keyof Values) => (event: ChangeEvent<HTMLSelectElement>) => void;
  errors: FieldErrors;
}) {
  const drivers = useQuery(driversQuery);
  const teams = useQuery(teamsQuery);
  const driverOptions = useMemo(
    () =>
      (drivers.data ?? [])
        .map((driver) => ({ id: driver._id, label: `${driver.primulNume} ${driver.alDoileaNume}${driver.echipa ? ` (${driver.echipa})` : ''}` }))
        .sort((a, b) => a.label.localeCompare(b.label, 'en')),
    [drivers.data],
  );
  const teamOptions = useMemo(
    () => (teams.data ?? []).map((team) => ({ id: team._id, label: team.name })).sort((a, b) => a.label.localeCompare(b.label, 'en')),
    [teams.data],
  );

  return (
    <>
      <QueryFailure query={allOf(drivers, teams)} message="The drivers and teams to choose from could not be loaded." />
      <div className={styles.pair}>
        <SelectField
          label="Favourite driver"
          name="favDriver"
          value={values.favDriver}
          onChange={onChange('favDriver')}
          error={errors.favDriver}
          disabled={drivers.isPending}
        >
          <option value="">No favourite</option>
          <KeepChoice id={values.favDriver} options={driverOptions} />
          {driverOptions.map(({ id, label }) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Favourite team" name="favTeam" value={values.favTeam} onChange={onChange('favTeam')} error={errors.favTeam} disabled={teams.isPending}>
          <option value="">No favourite</option>
          <KeepChoice id={values.favTeam} options={teamOptions} />
          {teamOptions.map(({ id, label }) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
    </>
  );
}

/** A favourite from an earlier season is not in this season's list: keep it selectable, so saving keeps it. */
function KeepChoice({ id, options }: { id: string; options: { id: string }[] }) {
  if (!id || options.length === 0 || options.some((option) => option.id === id)) return null;
  return <option value={id}>{id} (not racing this season)</option>;
}

const ACCOUNT_DELETED = 'Your account is deleted, with your profile, photo and favourites. Thank you for following along.';

function DeleteAccount() {
  const { user } = useAuth();
  const session = useAccountSession();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api('deleteAccount', { params: { uid: user!.uid } }),
    onSuccess: async () => {
      leaveNotice(ACCOUNT_DELETED);
      await navigate(paths.home, { replace: true });
      session.accountDeleted();
    },
  });

  return (
    <Card as="section" className={styles.danger}>
      <h2 className={styles.cardTitle}>Delete my account</h2>
      <p>This deletes your account, your profile, your photo and your favourites for good. It cannot be undone.</p>
      {remove.isError && <ErrorNote message={accountErrorText(remove.error)} />}
      {confirming ? (
        <div className={styles.confirm} role="group" aria-label="Confirm deleting your account">
          <p className={styles.question}>Delete your account now?</p>
          <div className={styles.confirmButtons}>
            <Button className={styles.deleteButton} disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Deleting…' : 'Yes, delete my account'}
            </Button>
            <Button variant="secondary" disabled={remove.isPending} onClick={() => setConfirming(false)}>
              Keep my account
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" className={styles.deleteStart} onClick={() => setConfirming(true)}>
          Delete my account…
        </Button>
      )}
    </Card>
  );
}

function FormSkeleton() {
  return (
    <div className={styles.layout} aria-hidden="true">
      <Card className={styles.photoCard}>
        <Skeleton width="5rem" />
        <Skeleton shape="circle" width={128} height={128} />
        <Skeleton width="10rem" height="2.5rem" shape="block" />
      </Card>
      <Card className={styles.details}>
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index}>
            <Skeleton width="8rem" />
            <Skeleton width="100%" height="3rem" shape="block" />
          </div>
        ))}
      </Card>
    </div>
  );
}

export { UpdateProfilePage as Component };
