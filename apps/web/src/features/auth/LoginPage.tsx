import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { loadAntdRoot } from '../../app/antd-root';
import { startSignedInCode } from '../../app/app-code';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { errorMessage } from '../../shared/api';
import { getStoreHandle } from '../../shared/storage';
import { getAuthClient } from '../../shared/auth-client';
import { authKeys, fetchMe, signIn, signOutEverywhere, useMe } from './auth.api';
import { returnPathFrom } from './return-path';
import { ErrorIcon, EyeIcon, EyeInvisibleIcon, LoadingIcon, LockIcon, MailIcon, WarningIcon } from './LoginIcons';
import './LoginPage.css';

// The sign-in page is drawn with plain elements and LoginPage.css, like the antd form it replaces:
// it is the first screen of most visits and loads no antd (at most 150 KB of JavaScript).

// antd's email rule in short: a name, an @, a domain with a dot, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'email' | 'password';

function validate(email: string, password: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!email) errors.email = 'Please enter your email';
  else if (!EMAIL.test(email)) errors.email = 'Please enter a valid email';
  if (!password) errors.password = 'Please enter your password';
  return errors;
}

function Alert({ kind, children, testId }: { kind: 'error' | 'warning'; children: ReactNode; testId: string }) {
  return (
    <div role="alert" className={`br-alert br-alert-${kind}`} data-testid={testId}>
      <span className="br-alert-icon">{kind === 'error' ? <ErrorIcon /> : <WarningIcon />}</span>
      <span>{children}</span>
    </div>
  );
}

/** A labelled input with its icon and, once checked, its message (the field and its error tied by id). */
function TextField({ id, label, icon, error, children }: { id: string; label: string; icon: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'br-field br-field-invalid' : 'br-field'}>
      <label className="br-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="br-input">
        <span className="br-input-prefix">{icon}</span>
        {children}
      </div>
      {error && (
        <div id={`${id}-error`} className="br-field-error">
          {error}
        </div>
      )}
    </div>
  );
}

/** The invalid state and the message of a field, for its input. */
const errorProps = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** Where a screen's code is found from: the path alone, without the query or the fragment. */
const pathOf = (address: string) => address.split(/[?#]/)[0] ?? '/';

export default function LoginPage() {
  // the identity provider's client is not in the entry (shared/auth-client.ts): fetched as the page opens
  useEffect(() => {
    void getAuthClient().catch(() => undefined);
  }, []);
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [showPassword, setShowPassword] = useState(false);
  // Fields are checked from the first submit on, then as they change (as antd's form did once touched).
  const [validated, setValidated] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = (location.state as { notice?: string } | null)?.notice;
  // The address opened before signing in (only a path of this site; docs/screens-and-names.md).
  const next = returnPathFrom(location.search);

  if (me.isPending) return <FullPageSpinner />;
  if (me.data?.status === 'signedIn' && !submitting) return <Navigate to={next} replace />;

  const errors = validated ? validate(email.trim(), password) : {};

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = validate(email.trim(), password);
    setValidated(true);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    // antd's root frames every screen after this one: fetched while the sign-in runs.
    void loadAntdRoot().catch(() => undefined);
    setSubmitting(true);
    setFailure(null);
    try {
      await signIn({ email: email.trim(), password, remember });
      const state = await fetchMe();
      const nextCode = startSignedInCode(state, pathOf(next));
      queryClient.setQueryData(authKeys.me(getStoreHandle()), state);
      await queryClient.invalidateQueries({ queryKey: authKeys.session });
      if (state.status === 'signedOut' && state.reason === 'unverified') {
        navigate('/verify', { replace: true });
        return;
      }
      if (state.status === 'signedOut' && state.reason !== 'noSession') {
        // Signed in with the provider, but this store has no account for it: treated as logged out.
        await signOutEverywhere();
        queryClient.setQueryData(authKeys.me(getStoreHandle()), { status: 'signedOut', reason: 'noSession' });
        setFailure(state.message ?? 'No account for this user');
        return;
      }
      // the next screen's code first (the button still spinning), so it is drawn in one go
      // (shared/lazy-screen.ts); it never fails: a screen that could not load shows its own error
      await nextCode;
      navigate(next, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Sign-in failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  return (
    <PublicLayout title="Welcome back" subtitle="Sign in to manage your inventory from the dashboard.">
      {notice && (
        <Alert kind="warning" testId="login-notice">
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert kind="error" testId="login-error">
          {failure}
        </Alert>
      )}
      <form className="br-login-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={submitting}>
        <fieldset className="br-login-fieldset" disabled={submitting}>
          <TextField id={emailId} label="Email" icon={<MailIcon />} error={errors.email}>
            <input
              ref={emailRef}
              id={emailId}
              name="email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              {...errorProps(emailId, errors.email)}
            />
          </TextField>
          <TextField id={passwordId} label="Password" icon={<LockIcon />} error={errors.password}>
            <input
              ref={passwordRef}
              id={passwordId}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder="Password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...errorProps(passwordId, errors.password)}
            />
            {/* Named by its text, not aria-label: the field alone answers to the label "Password". */}
            <button
              type="button"
              className="br-input-toggle"
              aria-pressed={showPassword}
              aria-controls={passwordId}
              // the caret stays in the field
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? <EyeIcon /> : <EyeInvisibleIcon />}
              <span className="br-sr-only">Show password</span>
            </button>
          </TextField>
          <div className="br-login-row">
            <label className="br-checkbox">
              <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
              <span className="br-checkbox-box" aria-hidden="true" />
              <span>Remember me</span>
            </label>
            <Link className="br-link br-link-touch" to="/forgot">
              Forgot password?
            </Link>
          </div>
          <button type="submit" className="br-button-primary" disabled={submitting}>
            {submitting && <LoadingIcon className="br-button-spin" />}
            Sign in
          </button>
        </fieldset>
      </form>
      <p className="br-login-signup">
        Don&apos;t have an account?{' '}
        <Link className="br-link br-link-touch" to="/signup">
          Sign up
        </Link>
      </p>
    </PublicLayout>
  );
}
