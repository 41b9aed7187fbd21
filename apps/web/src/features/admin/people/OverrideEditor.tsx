import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pictureUpload, type AuditEntry, type PictureKind } from '@slipstream/contract';
import type { z } from 'zod';
import { api, apiUrl, fileForm } from '../../../lib/api';
import { formatDateTime } from '../../../lib/time';
import { Button } from '../../../lib/ui/Button';
import { ErrorNote } from '../../../lib/ui/ErrorNote';
import { QueryState } from '../../../lib/ui/QueryState';
import { failureText } from '../adminText';
import { Skeleton } from '../../../lib/ui/Skeleton';
import styles from './OverrideEditor.module.css';

/** How one field is edited; the value is always a string, checked with the field's contract schema. */
export type FieldSpec = {
  name: string;
  label: string;
  kind: 'text' | 'colour' | 'url' | 'picture' | 'flag' | 'choice';
  picture?: PictureKind;
  /** For a choice: the options, as [value, label]. */
  options?: [string, string][];
  hint?: string;
  /** Fields of one group are shown under one heading. */
  group: string;
};

type Values = Record<string, string | null>;
export type OverrideView = { id: string; name: string; imported: Values; override: Values; updatedAt: string | null };

type OverrideEditorProps = {
  noun: 'driver' | 'team';
  id: string;
  fields: FieldSpec[];
  schema: z.ZodObject;
  load: (id: string) => Promise<OverrideView>;
  save: (id: string, patch: Values) => Promise<OverrideView>;
  revertAll: (id: string) => Promise<OverrideView>;
  history: (id: string) => Promise<AuditEntry[]>;
};

/**
 * The editor of one driver's or team's display data: per field the imported value, the override and a revert
 * button; saving sends only the fields that changed (an emptied field goes back to the imported value).
 */
export function OverrideEditor(props: OverrideEditorProps) {
  const { noun, id, load } = props;
  const view = useQuery({ queryKey: ['admin', noun, id], queryFn: () => load(id) });
  // Kept here: the form below starts afresh after each save, the message of the save stays.
  const [status, setStatus] = useState({ id, message: '' });
  return (
    <QueryState query={view} pending={<Skeleton shape="block" height="24rem" />} error={failureText}>
      {(data) => (
        <div className={styles.editorColumn}>
          {/* A new form per saved version, so the drafts start from what the server now holds. */}
          <EditorForm
            key={`${data.id}:${data.updatedAt ?? 'imported'}`}
            {...props}
            view={data}
            status={status.id === id ? status.message : ''}
            setStatus={(message) => setStatus({ id, message })}
          />
          <ChangeLog noun={noun} id={id} fields={props.fields} history={props.history} />
        </div>
      )}
    </QueryState>
  );
}

/** The audit log of this driver or team: who changed which fields, and when. */
function ChangeLog({ noun, id, fields, history }: Pick<OverrideEditorProps, 'noun' | 'id' | 'fields' | 'history'>) {
  const entries = useQuery({ queryKey: ['admin', noun, id, 'history'], queryFn: () => history(id) });
  const headingId = useId();
  return (
    <section className={styles.editor} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        Changes
      </h2>
      <QueryState query={entries} pending={<Skeleton lines={3} />} error={failureText}>
        {(changes) =>
          changes.length === 0 ? (
            <p className={styles.muted}>No change yet.</p>
          ) : (
            <ol className={styles.log} aria-label={`Changes to this ${noun}`}>
              {changes.map((entry) => (
                <li key={entry.id}>
                  <span className={styles.logWhat}>{describeChange(entry, fields)}</span>
                  <span className={styles.muted}>
                    {entry.actorEmail} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </span>
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
    </section>
  );
}

function describeChange(entry: AuditEntry, fields: FieldSpec[]): string {
  const changed = Object.entries((entry.after ?? {}) as Record<string, unknown>);
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  if (entry.action.endsWith('.revert')) return 'Reverted every field to the imported data';
  const parts = changed.map(([name, value]) => (value === null ? `${label(name)} reverted` : `${label(name)} → ${String(value)}`));
  return parts.length > 0 ? parts.join('; ') : 'No field changed';
}

type EditorFormProps = OverrideEditorProps & { view: OverrideView; status: string; setStatus: (message: string) => void };

function EditorForm({ noun, id, fields, schema, save, revertAll, view, status, setStatus }: EditorFormProps) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, view.override[f.name] ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const settle = (saved: OverrideView, message: string) => {
    queryClient.setQueryData(['admin', noun, id], saved);
    // The site's own cards: shown fresh on the next visit instead of after their five minutes.
    void queryClient.invalidateQueries({ queryKey: ['standings'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', noun, 'search'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', noun, id, 'history'] });
    setStatus(message);
  };
  const saving = useMutation({
    mutationFn: (patch: Values) => save(id, patch),
    onSuccess: (saved, patch) => settle(saved, savedMessage(patch, fields)),
  });
  const reverting = useMutation({ mutationFn: () => revertAll(id), onSuccess: (saved) => settle(saved, 'Every field shows its imported value again.') });
  const busy = saving.isPending || reverting.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch: Values = {};
    const found: Record<string, string> = {};
    for (const field of fields) {
      const draft = drafts[field.name]!.trim();
      if (draft === (view.override[field.name] ?? '')) continue;
      if (draft === '') {
        patch[field.name] = null;
        continue;
      }
      const parsed = (schema.shape[field.name] as z.ZodType).safeParse(draft);
      if (parsed.success) patch[field.name] = String(parsed.data);
      else found[field.name] = sentence(parsed.error.issues[0]?.message ?? 'not valid');
    }
    setErrors(found);
    const firstInvalid = fields.find((f) => found[f.name]);
    if (firstInvalid) {
      setStatus('');
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid.name}"]`)?.focus();
      return;
    }
    if (Object.keys(patch).length === 0) {
      setStatus('Nothing to save: no field changed.');
      return;
    }
    saving.mutate(patch);
  };

  const groups = [...new Set(fields.map((f) => f.group))];
  const hasOverride = Object.values(view.override).some((value) => value !== null);
  const failure = saving.error ?? reverting.error;
  return (
    <form ref={formRef} className={styles.editor} onSubmit={submit} noValidate aria-labelledby={`${id}-editing`}>
      <div className={styles.editorHeader}>
        <h2 id={`${id}-editing`} className={styles.sectionHeading}>
          {view.name}
        </h2>
        <p className={styles.muted}>
          {view.updatedAt ? `Edited ${formatDateTime(view.updatedAt)}` : 'Shows the imported data: nothing edited yet.'}
        </p>
      </div>
      {groups.map((group) => (
        <fieldset key={group} className={styles.group}>
          <legend className={styles.legend}>{group}</legend>
          {fields
            .filter((f) => f.group === group)
            .map((field) => (
              <FieldRow
                key={field.name}
                field={field}
                value={drafts[field.name]!}
                imported={view.imported[field.name] ?? null}
                override={view.override[field.name] ?? null}
                error={errors[field.name]}
                disabled={busy}
                onChange={(value) => setDrafts((current) => ({ ...current, [field.name]: value }))}
                onRevert={() => saving.mutate({ [field.name]: null })}
              />
            ))}
        </fieldset>
      ))}
      {failure && <ErrorNote message={failure.message} />}
      <p role="status" aria-live="polite" className={styles.status}>
        {status}
      </p>
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {saving.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button type="button" variant="secondary" disabled={busy || !hasOverride} onClick={() => reverting.mutate()}>
          Revert all to imported
        </Button>
      </div>
    </form>
  );
}

type FieldRowProps = {
  field: FieldSpec;
  value: string;
  imported: string | null;
  override: string | null;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  onRevert: () => void;
};

function FieldRow({ field, value, imported, override, error, disabled, onChange, onRevert }: FieldRowProps) {
  const id = useId();
  const describedBy = [`${id}-imported`, field.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const input = {
    id,
    name: field.name,
    value,
    disabled,
    className: styles.input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    placeholder: imported ?? '',
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  let control: ReactNode;
  if (field.kind === 'choice') {
    control = (
      <select {...input}>
        <option value="">Imported ({labelOf(field, imported) ?? 'none'})</option>
        {field.options!.map(([optionValue, label]) => (
          <option key={optionValue} value={optionValue}>
            {label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'colour') {
    control = (
      <div className={styles.inline}>
        <input
          type="color"
          className={styles.colourPicker}
          aria-label={`${field.label}: colour picker`}
          disabled={disabled}
          value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : (imported ?? '#888888').toLowerCase()}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
        <input {...input} inputMode="text" autoComplete="off" spellCheck={false} maxLength={7} />
      </div>
    );
  } else {
    control = <input {...input} type={field.kind === 'url' || field.kind === 'picture' ? 'url' : 'text'} autoComplete="off" />;
  }
  return (
    <div className={styles.field}>
      <div className={styles.fieldTop}>
        <label htmlFor={id} className={styles.label}>
          {field.label}
        </label>
        {override !== null && <span className={styles.badge}>Edited</span>}
      </div>
      {control}
      {field.kind === 'picture' && <PictureTools kind={field.picture!} label={field.label} url={value || imported} disabled={disabled} onUploaded={onChange} />}
      {field.kind === 'flag' && (value || imported) && /^[a-zA-Z]{2}$/.test(value || imported || '') && (
        <img className={styles.flag} src={apiUrl('flag', { code: (value || imported!).toLowerCase() })} alt={`Flag ${(value || imported)!.toUpperCase()}`} />
      )}
      {field.hint && (
        <p id={`${id}-hint`} className={styles.muted}>
          {field.hint}
        </p>
      )}
      <div className={styles.importedRow}>
        <p id={`${id}-imported`} className={styles.muted}>
          Imported: {field.kind === 'colour' && imported && <span className={styles.swatch} style={{ background: imported }} aria-hidden="true" />}
          {labelOf(field, imported) ?? 'none'}
        </p>
        {override !== null && (
          <Button type="button" variant="ghost" className={styles.revert} disabled={disabled} onClick={onRevert}>
            Revert {field.label.toLowerCase()}
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Upload a file (checked and stored by the server) or preview the URL typed. */
function PictureTools({ kind, label, url, disabled, onUploaded }: { kind: PictureKind; label: string; url: string | null; disabled: boolean; onUploaded: (url: string) => void }) {
  const id = useId();
  const upload = useMutation({ mutationFn: (file: File) => api('uploadPicture', { query: { kind }, body: fileForm(pictureUpload.field, file) }), onSuccess: ({ url: stored }) => onUploaded(stored) });
  return (
    <div className={styles.picture}>
      {url ? <img className={styles.preview} data-kind={kind} src={url} alt={`${label} preview`} /> : <span className={styles.previewEmpty}>No picture</span>}
      <div className={styles.pictureActions}>
        <label htmlFor={id} className={styles.uploadLabel}>
          Upload a file (JPEG, PNG or WebP)
        </label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={disabled || upload.isPending}
          className={styles.file}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
          }}
        />
        <p role="status" aria-live="polite" className={styles.muted}>
          {upload.isPending ? 'Uploading…' : upload.isSuccess ? 'Uploaded: save to use it.' : ''}
        </p>
        {upload.isError && <p className={styles.error}>{upload.error.message}</p>}
      </div>
    </div>
  );
}

function labelOf(field: FieldSpec, value: string | null): string | null {
  if (value === null) return null;
  return field.options?.find(([optionValue]) => optionValue === value)?.[1] ?? value;
}

function savedMessage(patch: Values, fields: FieldSpec[]): string {
  const names = Object.keys(patch).map((name) => fields.find((f) => f.name === name)?.label.toLowerCase() ?? name);
  const reverted = Object.values(patch).every((value) => value === null);
  return `${reverted ? 'Reverted' : 'Saved'}: ${names.join(', ')}.`;
}

/** "a colour as #RRGGBB" → "A colour as #RRGGBB." */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
