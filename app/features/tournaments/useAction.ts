import { useState } from 'react';
import { useToast } from '../../shared/components/Toast';

/**
 * Runs an organiser action with the spec's toasts: the success title, or the failure title with
 * the reason as description. `pending` names the action under way (buttons disable meanwhile).
 */
export function useAction() {
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const run = async (key: string, action: () => Promise<unknown>, success: string, failure: string): Promise<boolean> => {
    setPending(key);
    try {
      await action();
      toast({ title: success, variant: 'success' });
      return true;
    } catch (error) {
      console.error(failure, error);
      toast({ title: failure, description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
      return false;
    } finally {
      setPending(null);
    }
  };
  return { pending, run };
}
