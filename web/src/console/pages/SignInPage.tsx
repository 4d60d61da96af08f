import '@mantine/core/styles/Checkbox.css';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PasswordInput } from '../../components/PasswordInput';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { console as consoleApi } from '@krapao/contract';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { errorCode, retryAfterOf } from '../../lib/api-client';
import { consoleCall } from '../api/client';
import { consoleKeys } from '../api/keys';
import { ConsoleError } from '../components/ConsoleError';
import { CopyTextButton } from '../components/CopyTextButton';
import { PageLoader } from '../components/PageLoader';
import { useT } from '../i18n';
import { clearStaffToken, getStaffToken, saveStaffToken } from '../session';

const { STAFF_PASSWORD_MIN_LENGTH } = consoleApi;

type Step =
  | { name: 'credentials' }
  | { name: 'password'; oldPassword: string; thenEnrol: boolean }
  | { name: 'enrol' }
  | { name: 'codes'; codes: string[] };

/** Where a session's flags lead: its own password first, then TOTP, then the console. */
function nextStep(
  flags: { mustChangePassword: boolean; mustEnrolTotp: boolean },
  password: string,
): Step | null {
  if (flags.mustChangePassword)
    return { name: 'password', oldPassword: password, thenEnrol: flags.mustEnrolTotp };
  if (flags.mustEnrolTotp) return { name: 'enrol' };
  return null;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper shadow="md" p="xl" w="100%" maw={460} withBorder>
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A step's form: `check` says what is missing (a key or code to show) before `send` makes the call; the
 * button is busy while it runs, and a refusal is said under the fields (`refused` words the server's code).
 * A step that succeeds gives way to the next one, so its button stays busy.
 */
function StepForm({
  check,
  send,
  refused = (code) => code,
  submitLabel,
  submitDisabled,
  children,
}: {
  check: () => string | null;
  send: () => Promise<void>;
  refused?: (code: string) => string;
  submitLabel: string;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  // A refusal's code, and how long the server asks to wait when it is a lockout (Retry-After).
  const [error, setError] = useState<{ code: string; retryAfterS?: number | undefined } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const missing = check();
    if (missing) return setError({ code: missing });
    setBusy(true);
    try {
      await send();
    } catch (err) {
      setError({ code: refused(errorCode(err)), retryAfterS: retryAfterOf(err) });
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        {children}
        {error && <ConsoleError code={error.code} retryAfterS={error.retryAfterS} />}
        <Button type="submit" loading={busy} disabled={submitDisabled} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

function Credentials({ onSignedIn }: { onSignedIn: (next: Step | null) => void }) {
  const t = useT();
  const { state } = useLocation() as { state: { expired?: boolean } | null };
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const send = async () => {
    const session = await consoleCall(consoleApi.signIn, {
      username,
      password,
      ...(code.trim() ? { code: code.trim() } : {}),
    });
    saveStaffToken(session.token);
    onSignedIn(nextStep(session, password));
  };

  return (
    <Card title={t('console.signIn.title')}>
      {state?.expired && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={20} />}>
          {t('console.signIn.expired')}
        </Alert>
      )}
      <StepForm
        check={() => (!username.trim() || !password ? 'console.signIn.missing' : null)}
        send={send}
        // One answer for a wrong name, password or code, as the server gives (no account enumeration).
        refused={(c) => (c === 'UNAUTHORIZED' || c === 'INVALID_REQUEST' ? 'console.signIn.failed' : c)}
        submitLabel={t('console.signIn.submit')}
      >
        <TextInput
          label={t('console.signIn.username')}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          autoComplete="username"
          autoCapitalize="none"
          data-autofocus
        />
        <PasswordInput
          label={t('console.signIn.password')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="current-password"
        />
        <TextInput
          label={t('console.signIn.code')}
          description={t('console.signIn.codeHint')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoComplete="one-time-code"
          maxLength={32}
        />
      </StepForm>
    </Card>
  );
}

function NewPassword({ oldPassword, onDone }: { oldPassword: string; onDone: () => void }) {
  const t = useT();
  const [current, setCurrent] = useState(oldPassword);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');

  const check = () => {
    if ([...password].length < STAFF_PASSWORD_MIN_LENGTH) return 'STAFF_PASSWORD_TOO_SHORT';
    return password !== again ? 'console.password.mismatch' : null;
  };
  const send = async () => {
    await consoleCall(consoleApi.changePassword, { oldPassword: current, newPassword: password });
    onDone();
  };

  return (
    <Card title={t('console.password.title')}>
      <Text size="sm">{t('console.password.text', { min: STAFF_PASSWORD_MIN_LENGTH })}</Text>
      <StepForm check={check} send={send} submitLabel={t('console.password.submit')}>
        {!oldPassword && (
          <PasswordInput
            label={t('console.password.current')}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            autoComplete="current-password"
          />
        )}
        <PasswordInput
          label={t('console.password.new')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="new-password"
          data-autofocus
        />
        <PasswordInput
          label={t('console.password.again')}
          value={again}
          onChange={(e) => setAgain(e.currentTarget.value)}
          autoComplete="new-password"
        />
      </StepForm>
    </Card>
  );
}

/** The QR as an image of the server's SVG: never put into the page as markup. */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function Enrol({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const t = useT();
  // A query, not an effect: React's strict double mount must not ask for two secrets.
  const enrolment = useQuery({
    queryKey: ['console', 'totp-enrol'],
    queryFn: () => consoleCall(consoleApi.totpEnrol),
    staleTime: Infinity,
    gcTime: 0,
  });
  const [code, setCode] = useState('');

  const send = async () => {
    const { recoveryCodes } = await consoleCall(consoleApi.totpConfirm, { code: code.trim() });
    onConfirmed(recoveryCodes);
  };

  return (
    <Card title={t('console.enrol.title')}>
      <Text size="sm">{t('console.enrol.text')}</Text>
      {enrolment.isPending && <PageLoader />}
      {enrolment.isError && <ConsoleError code={errorCode(enrolment.error)} />}
      {enrolment.data && (
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <img className="console-qr" src={svgDataUrl(enrolment.data.qrSvg)} alt={t('console.enrol.qrAlt')} />
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('console.enrol.manual')}
            </Text>
            <Text
              className="console-codes"
              size="sm"
              data-testid="totp-secret"
              style={{ wordBreak: 'break-all' }}
            >
              {enrolment.data.secret.replace(/(.{4})/g, '$1 ').trim()}
            </Text>
          </Stack>
        </Group>
      )}
      <StepForm
        check={() => (/^\d{6}$/.test(code.trim()) ? null : 'console.stepUp.sixDigits')}
        send={send}
        refused={(c) =>
          ['OTP_CODE_INVALID', 'UNAUTHORIZED', 'INVALID_REQUEST'].includes(c) ? 'console.enrol.refused' : c
        }
        submitLabel={t('console.enrol.submit')}
        submitDisabled={!enrolment.data}
      >
        <TextInput
          label={t('console.enrol.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
      </StepForm>
    </Card>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'krapao-console-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Card title={t('console.codes.title')}>
      <Text size="sm">{t('console.codes.text')}</Text>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
        {codes.map((c) => (
          <Text key={c} className="console-codes" ta="center" bg="gray.0" p={6} style={{ borderRadius: 8 }}>
            {c}
          </Text>
        ))}
      </SimpleGrid>
      <Group grow>
        <CopyTextButton value={text} />
        <Button variant="light" onClick={download} leftSection={<IconDownload size={16} />}>
          {t('console.codes.download')}
        </Button>
      </Group>
      <Checkbox
        checked={saved}
        onChange={(e) => setSaved(e.currentTarget.checked)}
        label={t('console.codes.saved')}
      />
      <Button disabled={!saved} onClick={onDone} fullWidth>
        {t('console.codes.continue')}
      </Button>
    </Card>
  );
}

/**
 * Sign-in with name, password and TOTP code. A first sign-in goes on to the staff member's own password
 * (one an admin or the CLI made), then, for one created in the console, TOTP enrolment by QR and the ten
 * recovery codes, shown once.
 */
export default function SignInPage() {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { state } = useLocation() as { state: { resume?: boolean } | null };
  const [step, setStep] = useState<Step | null>(
    getStaffToken() && state?.resume ? null : { name: 'credentials' },
  );

  // A first sign-in left half-way (a reload): finish it from what the server says is missing.
  useEffect(() => {
    if (step !== null) return;
    let live = true;
    consoleCall(consoleApi.me)
      .then((me) => live && setStep(nextStep(me, '') ?? { name: 'credentials' }))
      .catch(() => {
        clearStaffToken();
        if (live) setStep({ name: 'credentials' });
      });
    return () => {
      live = false;
    };
  }, [step]);

  const enter = () => {
    void client.invalidateQueries({ queryKey: consoleKeys.me() });
    void navigate('/console', { replace: true });
  };
  const go = (next: Step | null) => (next ? setStep(next) : enter());

  return (
    <div className="console-signin">
      <Group justify="space-between" p="md">
        <Text className="console-brand" c="white" size="lg">
          {t('console.title')}
        </Text>
        <LanguageSwitch />
      </Group>
      <Center px="md" pb="xl" pt="lg">
        {step === null && <PageLoader />}
        {step?.name === 'credentials' && <Credentials onSignedIn={go} />}
        {step?.name === 'password' && (
          <NewPassword
            oldPassword={step.oldPassword}
            onDone={() => go(step.thenEnrol ? { name: 'enrol' } : null)}
          />
        )}
        {step?.name === 'enrol' && <Enrol onConfirmed={(codes) => setStep({ name: 'codes', codes })} />}
        {step?.name === 'codes' && <RecoveryCodes codes={step.codes} onDone={enter} />}
      </Center>
    </div>
  );
}
