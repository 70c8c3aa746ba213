import { MESSAGES, PAUSE_TEXT } from '@enq/contract';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useResumePlan } from './api/resume-plan';

/**
 * "Resume now" (paid first: a declined charge leaves the plan paused, and the toast and the pause's
 * text say why), or "Don't pause" for a pause that has not started.
 */
export function ResumeButton({
  scheduled,
  variant = 'primary',
}: {
  scheduled: boolean;
  variant?: 'primary' | 'secondary';
}) {
  const resume = useResumePlan();
  const onClick = () =>
    resume.mutate(undefined, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) =>
        toast.error(error instanceof ApiError && error.message ? error.message : MESSAGES.genericError),
    });
  return (
    <Button variant={variant} onClick={onClick} disabled={resume.isPending} className="shrink-0">
      {scheduled ? PAUSE_TEXT.keepRunning : PAUSE_TEXT.resumeNow}
    </Button>
  );
}
