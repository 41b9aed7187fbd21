import type { AdminSessionParams, SessionAdd, SessionTimeInput } from '@slipstream/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type SessionChange =
  | { type: 'move'; target: AdminSessionParams; time: SessionTimeInput }
  | { type: 'add'; body: SessionAdd }
  | { type: 'cancel'; target: AdminSessionParams; cancelled: boolean }
  | { type: 'delete'; target: AdminSessionParams }
  | { type: 'revert'; target: AdminSessionParams };

function send(change: SessionChange): Promise<void> {
  switch (change.type) {
    case 'move':
      return api('moveSession', { params: change.target, body: change.time });
    case 'add':
      return api('addSession', { body: change.body });
    case 'cancel':
      return api('setSessionCancelled', { params: change.target, body: { cancelled: change.cancelled } });
    case 'delete':
      return api('deleteSession', { params: change.target });
    case 'revert':
      return api('revertSession', { params: change.target });
  }
}

/**
 * Sends one timetable change. On success every cached answer is dropped, not just this page's: the schedule,
 * the home hero and the live centre all read session times, and must show the change at once.
 */
export function useSessionChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
