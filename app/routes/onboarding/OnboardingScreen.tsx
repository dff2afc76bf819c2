import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/Toast';
import { completeOnboarding, logOut } from '../../data/auth';

/**
 * The onboarding gate (spec: /onboarding and every other path until the assessment is done).
 * The puzzle assessment arrives with the learning issue; until then this page says so and lets
 * the user start with the default rating.
 */
export default function OnboardingScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const complete = async () => {
    setPending(true);
    try {
      const user = await completeOnboarding();
      toast({ title: 'Assessment Complete!', description: `Your starting Elo rating is ${user.eloRating}.`, variant: 'success' });
      void navigate('/', { replace: true });
    } catch (error) {
      console.error('Completing onboarding failed.', error);
      toast({ title: 'Error', description: 'Failed to complete onboarding', variant: 'destructive' });
      setPending(false);
    }
  };

  return (
    <main id="main" className="auth-main">
      <div className="auth card onboarding">
        <h1>Skill Assessment</h1>
        <p>
          A short set of puzzles will soon measure your level and set your starting rating. The
          assessment is coming in the next release.
        </p>
        <p>Until then you start at the default rating and can play, save and replay your games.</p>
        <button type="button" className="button button--primary button--block" disabled={pending} onClick={() => void complete()}>
          {pending ? 'Starting...' : 'Start Playing'}
        </button>
        <button type="button" className="button button--ghost button--block" onClick={() => void logOut()}>Log Out</button>
      </div>
    </main>
  );
}
