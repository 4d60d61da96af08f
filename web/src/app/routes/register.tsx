import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import { Paper, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { REGISTER_REDIRECT_DELAY_MS } from '@krapao/contract';
import { useQueryClient } from '@tanstack/react-query';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from 'react-router';
import { registerErrorStep, useRegister } from '../../features/accounts/api/register';
import { useValidateRegistration } from '../../features/accounts/api/validate-registration';
import { BankStep, type BankValues } from '../../features/accounts/components/register/BankStep';
import { PhoneStep } from '../../features/accounts/components/register/PhoneStep';
import { ProfileStep, type ProfileValues } from '../../features/accounts/components/register/ProfileStep';
import { lookupQueries, useBanks, useSources } from '../../features/lookups/api/lookups';
import { useSendOtp, type OtpTicket } from '../../features/otp/api/send-otp';
import { OtpStep } from '../../features/otp/components/OtpStep';
import { errorCode } from '../../lib/api-client';
import { serverNow } from '../../lib/clock';
import { isUsable } from '../../lib/otp-ticket';
import { useDelayedFlag } from '../../lib/delayed';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from '../../lib/storage';

const STEP_PHONE = 0;
const STEP_OTP = 1;
const STEP_PROFILE = 2;
const STEP_BANK = 3;
const STEP_DONE = 4;

/**
 * REG-3: the code step survives a reload of the tab (sessionStorage, this tab only): the phone and the
 * code's ticket (its token, reference, expiry and resend time), so a reload does not throw the member back
 * to step 1 and ask for, and wait for, another SMS. A spent or expired code is not resumed: only a new
 * one helps, and that starts at the phone.
 */
function savedCodeStep(): { phone: string; ticket: OtpTicket } | null {
  try {
    const saved = JSON.parse(readItem(STORAGE_KEYS.registerOtp, 'session') ?? 'null') as {
      phone?: unknown;
      ticket?: OtpTicket;
    } | null;
    if (
      saved &&
      typeof saved.phone === 'string' &&
      saved.ticket?.phone === saved.phone &&
      saved.ticket.otpToken &&
      isUsable(saved.ticket)
    )
      return { phone: saved.phone, ticket: saved.ticket };
  } catch {
    // Not ours, or damaged: start at the phone step.
  }
  return null;
}

/** REG-1..REG-8: the 4-step registration wizard. The features meet here. */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [restored] = useState(savedCodeStep);
  const [step, setStep] = useState(restored ? STEP_OTP : STEP_PHONE);
  const [phone, setPhone] = useState(restored?.phone ?? '');
  const [ticket, setTicket] = useState<OtpTicket | null>(restored?.ticket ?? null);
  const [otpSkipped, setOtpSkipped] = useState(false);
  const [errors, setErrors] = useState<Record<number, string | null>>({});
  const [profile, setProfile] = useState<ProfileValues>({
    name: '',
    password: '',
    confirmPassword: '',
    sourceCode: '',
    // SH-5: /register?code=X pre-fills the invite code.
    inviteCode: params.get('code') ?? '',
  });
  const [checkingOtp, setCheckingOtp] = useState(false);
  // A double tap (a slow network leaves the first submit pending) must not send a step twice: a second
  // registration would answer "already registered" and throw the member back to step 1. Set at once,
  // before any re-render, and cleared when the step's answer arrived.
  const submitting = useRef(false);
  const once = (run: (done: () => void) => void) => {
    if (submitting.current) return;
    submitting.current = true;
    run(() => {
      submitting.current = false;
    });
  };

  const sources = useSources();
  const banks = useBanks();
  const sendOtp = useSendOtp();
  const validate = useValidateRegistration();
  const register = useRegister();
  const phoneBusy = useDelayedFlag(sendOtp.isPending || checkingOtp);
  const validateBusy = useDelayedFlag(validate.isPending);
  const registerBusy = useDelayedFlag(register.isPending);

  const lng = useLocale();
  const sourceOptions = (sources.data ?? []).map((s) => ({
    value: s.code,
    label: s.description[lng] || s.code,
  }));

  const fail = (at: number, code: string) => {
    setErrors((e) => ({ ...e, [at]: code }));
    setStep(at);
  };
  const clearError = (at: number) => () => setErrors((e) => (e[at] ? { ...e, [at]: null } : e));

  useEffect(() => {
    if (step === STEP_OTP && ticket)
      writeItem(STORAGE_KEYS.registerOtp, JSON.stringify({ phone, ticket }), 'session');
    else removeItem(STORAGE_KEYS.registerOtp);
  }, [step, phone, ticket]);

  // REG-8: after success, /login in REGISTER_REDIRECT_DELAY_MS, with the new phone filled in.
  useEffect(() => {
    if (step !== STEP_DONE) return;
    const timer = setTimeout(
      () => void navigate('/login', { replace: true, state: { username: phone } }),
      REGISTER_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [step, navigate, phone]);

  const onPhone = (value: string) => once((done) => void sendPhone(value).finally(done));

  const sendPhone = async (value: string) => {
    setPhone(value);
    setErrors({});
    // REG-3: "change number" and the same number again goes back to the code already sent while it can
    // be used, or while no new one may be sent yet; asking again would only meet REQUEST_LIMIT_1MIN.
    if (ticket?.phone === value && (isUsable(ticket) || serverNow() < ticket.resendAt)) {
      setStep(STEP_OTP);
      return;
    }
    // REG-3: the OTP step exists only when the lookup says so; if it cannot be read, ask for one.
    setCheckingOtp(true);
    const otpEnabled = await queryClient
      .fetchQuery(lookupQueries.registerOtp())
      .then((r) => r.enabled)
      .catch(() => true);
    setCheckingOtp(false);
    if (!otpEnabled) {
      setOtpSkipped(true);
      setStep(STEP_PROFILE);
      return;
    }
    await sendOtp
      .mutateAsync(value, {
        onSuccess: (next) => {
          setTicket(next);
          setOtpSkipped(false);
          setStep(STEP_OTP);
        },
        onError: (e) => {
          const code = errorCode(e);
          if (code === 'OTP_VERIFIED') {
            setOtpSkipped(true);
            setStep(STEP_PROFILE);
          } else fail(STEP_PHONE, code);
        },
      })
      .catch(() => {});
  };

  const onProfile = (values: ProfileValues) =>
    once((done) => {
      setProfile(values);
      // REG-5: the server checks what is known before the bank step.
      validate.mutate(
        {
          name: values.name,
          username: phone,
          password: values.password,
          sourceCode: values.sourceCode,
          inviteCode: values.inviteCode,
        },
        {
          onSuccess: () => setStep(STEP_BANK),
          onError: (e) => {
            const code = errorCode(e);
            fail(Math.min(registerErrorStep(code), STEP_PROFILE), code);
          },
          onSettled: done,
        },
      );
    });

  const onBank = (values: BankValues) =>
    once((done) =>
      register.mutate(
        {
          name: profile.name,
          username: phone,
          password: profile.password,
          sourceCode: profile.sourceCode,
          inviteCode: profile.inviteCode,
          bankCode: values.bankCode,
          // REG-7: the holder's name is first and last joined.
          bankAccountName: `${values.firstName.trim()} ${values.lastName.trim()}`,
          bankAccountNo: values.bankAccountNo,
          currency: values.currency,
        },
        {
          onSuccess: () => setStep(STEP_DONE),
          onError: (e) => {
            const code = errorCode(e);
            fail(registerErrorStep(code), code);
          },
          onSettled: done,
        },
      ),
    );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={24}>
          {t('register.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('register.subtitle')}
        </Text>
      </div>
      <Paper className="surface" p="md">
        <Stepper
          active={step}
          size="sm"
          iconSize={32}
          allowNextStepsSelect={false}
          classNames={{ root: 'register-stepper' }}
          aria-label={t('register.progress')}
        >
          <Stepper.Step label={t('register.stepPhone')} aria-label={t('register.stepPhone')}>
            <PhoneStep
              defaultPhone={phone}
              loading={phoneBusy}
              error={errors[STEP_PHONE] ?? null}
              onEdit={clearError(STEP_PHONE)}
              onSubmit={onPhone}
            />
          </Stepper.Step>
          <Stepper.Step label={t('register.stepOtp')} aria-label={t('register.stepOtp')}>
            {ticket && (
              <OtpStep
                phone={phone}
                ticket={ticket}
                onTicket={setTicket}
                onVerified={() => setStep(STEP_PROFILE)}
                onBack={() => setStep(STEP_PHONE)}
              />
            )}
          </Stepper.Step>
          <Stepper.Step label={t('register.stepProfile')} aria-label={t('register.stepProfile')}>
            <ProfileStep
              phone={phone}
              initial={profile}
              sources={sourceOptions}
              loading={validateBusy}
              error={errors[STEP_PROFILE] ?? null}
              onEdit={clearError(STEP_PROFILE)}
              onBack={() => setStep(otpSkipped || !ticket ? STEP_PHONE : STEP_OTP)}
              onSubmit={onProfile}
            />
          </Stepper.Step>
          <Stepper.Step label={t('register.stepBank')} aria-label={t('register.stepBank')}>
            <BankStep
              banks={banks.data ?? []}
              holderName={profile.name}
              loading={registerBusy}
              pending={register.isPending}
              error={errors[STEP_BANK] ?? null}
              onEdit={clearError(STEP_BANK)}
              onBack={() => setStep(STEP_PROFILE)}
              onSubmit={onBank}
            />
          </Stepper.Step>
          <Stepper.Completed>
            <Stack align="center" ta="center" gap="xs" py="lg" role="status">
              <ThemeIcon size={72} radius={36} variant="light">
                <IconCircleCheck size={40} stroke={1.6} />
              </ThemeIcon>
              <Title order={2} fz={22}>
                {t('register.doneTitle')}
              </Title>
              <Text c="dimmed">{t('register.doneText')}</Text>
            </Stack>
          </Stepper.Completed>
        </Stepper>
      </Paper>
    </Stack>
  );
}
