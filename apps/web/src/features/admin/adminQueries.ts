/** Query keys of the admin screens, so an action can refresh what it changed. */
export const adminKeys = {
  status: ['admin', 'status'] as const,
  sources: ['admin', 'sources'] as const,
  users: ['admin', 'users'] as const,
  audit: ['admin', 'audit'] as const,
  job: (id: string) => ['admin', 'job', id] as const,
  diagnostics: ['admin', 'diagnostics'] as const,
};
