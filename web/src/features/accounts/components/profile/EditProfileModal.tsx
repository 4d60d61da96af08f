import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { PasswordInput } from '../../../../components/PasswordInput';
import { Modal } from '../../../../components/Modal';
import { isBankAccountNo, isEnglishName, needsEnglishName, type Bank, type Profile } from '@krapao/contract';
import { IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useLocale, useTranslation } from '../../../../i18n/react';
import { errorText } from '../../../../i18n';
import { errorCode, retryAfterOf } from '../../../../lib/api-client';
import { bankName } from '../../../../lib/banks';
import { useDelayedFlag } from '../../../../lib/delayed';
import { notifySuccess } from '../../../../lib/notify';
import { isUsable, SPENT_CODE_ANSWERS, type HeldTicket } from '../../../../lib/otp-ticket';
import { useBankChangePolicy, useSendBankChangeOtp } from '../../api/bank-change';
import { useUpdateProfile, type AccountChangeProof, type UpdateProfileInput } from '../../api/update-profile';
import { BankAccountNo } from '../../../../components/BankAccountNo';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ReviewStep } from '../../../../components/ReviewStep';
import { BankChangeCode } from './BankChangeCode';

interface EditProfileModalProps {
  opened: boolean;
  profile: Profile;
  banks: Bank[];
  onClose: () => void;
  /** The member has a withdrawal PIN: a new payout account asks for it on the review. */
  pinSet?: boolean;
}

type Errors = Partial<Record<keyof UpdateProfileInput | 'currentPassword', string>>;

/**
 * PRO-3: name and bank data, PUT /api/account/profile. A new payout account (bank or number) also needs
 * the current password and, where OTP is on, a code sent to the registered phone; withdrawals to it then
 * wait for review (docs/decisions.md).
 */
export function EditProfileModal({ opened, profile, banks, onClose, pinSet = false }: EditProfileModalProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mutation = useUpdateProfile();
  const sendCode = useSendBankChangeOtp();
  const policy = useBankChangePolicy();
  const busy = useDelayedFlag(mutation.isPending);
  const [values, setValues] = useState<UpdateProfileInput>({
    name: profile.name,
    bankCode: profile.bankCode,
    bankAccountName: profile.bankAccountName,
    bankAccountNo: profile.bankAccountNo,
  });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [ticket, setTicket] = useState<HeldTicket | null>(null);
  const [stage, setStage] = useState<'form' | 'review' | 'code'>('form');
  const [pin, setPin] = useState<string | undefined>(undefined);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const [reviewAttempt, setReviewAttempt] = useState(0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const changesAccount =
    values.bankCode !== profile.bankCode || values.bankAccountNo !== profile.bankAccountNo;
  const holdHours = policy.data?.holdHours ?? 0;
  // Unknown policy: ask for a code; a server with OTP off would refuse to send one (OTP_SEND_FAIL).
  const needsCode = policy.data?.otpRequired ?? true;

  const touched = () => {
    if (mutation.isError) mutation.reset();
    if (sendCode.isError) sendCode.reset();
  };
  const set = (key: keyof UpdateProfileInput, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    // A code proves the member asked for this change; another account is another change.
    if (key === 'bankCode' || key === 'bankAccountNo') setTicket(null);
    touched();
  };

  const close = () => {
    mutation.reset();
    sendCode.reset();
    setErrors({});
    onClose();
  };

  const save = (proof: AccountChangeProof) =>
    mutation.mutate(
      { ...values, name: values.name.trim(), bankAccountName: values.bankAccountName.trim(), ...proof },
      {
        onSuccess: () => {
          notifySuccess(t('profile.saved'));
          onClose();
        },
        onError: (e) => {
          const c = errorCode(e);
          if (c === 'UNVERIFIED_OTP') return askCode();
          if (c.startsWith('PIN_')) {
            // The PIN is asked again on the review; a code already sent stays usable.
            setReviewError(c);
            setReviewAttempt((n) => n + 1);
            mutation.reset();
            return setStage('review');
          }
          if (stage !== 'code') return;
          if (c === 'OTP_CODE_INVALID' || SPENT_CODE_ANSWERS.has(c)) {
            setCodeError(c);
            setCode('');
            if (SPENT_CODE_ANSWERS.has(c) && ticket) setTicket({ ...ticket, dead: c });
            mutation.reset();
            return;
          }
          // The password or the account itself was refused: back to the form, which shows why.
          setStage('form');
        },
      },
    );

  const askCode = () => {
    setCodeError(null);
    setCode('');
    // A code already sent for this change that can still be used: no new one (REQUEST_LIMIT_1MIN).
    if (ticket && isUsable(ticket)) return setStage('code');
    sendCode.mutate(
      { currentPassword: password, lang: locale },
      {
        onSuccess: (next) => {
          setTicket(next);
          setStage('code');
        },
        onError: (e) => {
          if (stage === 'code') setCodeError(errorCode(e));
          // From the review: the password was refused, and the form says so.
          else setStage('form');
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const required = t('common.required');
    if (!values.name.trim()) next.name = required;
    if (!values.bankCode) next.bankCode = required;
    if (!values.bankAccountName.trim()) next.bankAccountName = required;
    else if (needsEnglishName(values.bankCode) && !isEnglishName(values.bankAccountName.trim()))
      next.bankAccountName = errorText('BANK_ACCOUNT_NAME_ENG');
    if (!isBankAccountNo(values.bankAccountNo)) next.bankAccountNo = errorText('INVALID_BANK_ACCOUNT_NO');
    if (changesAccount && !password) next.currentPassword = required;
    setErrors(next);
    if (Object.keys(next).length > 0 || mutation.isPending || sendCode.isPending) return;
    if (!changesAccount) return save({});
    // A new payout account: a review of it (and the withdrawal PIN) before the code or the save.
    setReviewError(null);
    setStage('review');
  };

  const reviewed = (given: string | undefined) => {
    setPin(given);
    setReviewError(null);
    if (needsCode) return askCode();
    save({ currentPassword: password, lang: locale, pin: given });
  };

  const confirm = (otpCode: string) => {
    if (!ticket || mutation.isPending) return;
    setCodeError(null);
    save({ currentPassword: password, lang: locale, otpToken: ticket.otpToken, otpCode, pin });
  };

  const resend = () => {
    setCodeError(null);
    setCode('');
    sendCode.mutate(
      { currentPassword: password, lang: locale },
      { onSuccess: setTicket, onError: (e) => setCodeError(errorCode(e)) },
    );
  };

  // Keep the member's saved bank selectable even when the list has not arrived yet.
  const options = banks.length
    ? banks.map((b) => ({ value: b.code, label: bankName(b, locale) }))
    : [{ value: profile.bankCode, label: bankName(profile.bank, locale) }];

  if (stage === 'review') {
    const bank = banks.find((b) => b.code === values.bankCode);
    return (
      <Modal opened={opened} onClose={close} title={t('profile.edit')} centered radius="lg">
        <ReviewStep
          key={reviewAttempt}
          rows={[
            { label: t('care.review.bank'), value: bank ? bankName(bank, locale) : values.bankCode },
            {
              label: t('care.review.account'),
              value: (
                <>
                  <BankAccountNo value={values.bankAccountNo} />
                  <br />
                  {values.bankAccountName.trim()}
                </>
              ),
            },
          ]}
          warning={
            holdHours > 0 ? t('accountChange.hold', { hours: holdHours }) : t('care.review.accountWarning')
          }
          askPin={pinSet}
          confirmLabel={t('care.review.confirmAccountChange')}
          onConfirm={reviewed}
          onBack={() => setStage('form')}
          busy={busy || sendCode.isPending}
          error={reviewError && <ErrorAlert code={reviewError} />}
        />
      </Modal>
    );
  }

  if (stage === 'code' && ticket) {
    return (
      <Modal opened={opened} onClose={close} title={t('profile.edit')} centered radius="lg">
        <BankChangeCode
          phone={profile.username}
          ticket={ticket}
          code={code}
          error={codeError}
          saving={busy}
          resending={sendCode.isPending}
          onCode={(v) => {
            setCode(v);
            setCodeError(null);
          }}
          onConfirm={confirm}
          onResend={resend}
          onBack={() => setStage('form')}
        />
      </Modal>
    );
  }

  const refusal = mutation.isError ? mutation.error : sendCode.isError ? sendCode.error : null;
  return (
    <Modal opened={opened} onClose={close} title={t('profile.edit')} centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('register.name')}
            value={values.name}
            error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <Select
            label={t('register.bank')}
            data={options}
            value={values.bankCode || null}
            error={errors.bankCode}
            onChange={(v) => set('bankCode', v ?? '')}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            label={t('profile.holderName')}
            value={values.bankAccountName}
            error={errors.bankAccountName}
            onChange={(e) => set('bankAccountName', e.currentTarget.value.toUpperCase())}
          />
          <TextInput
            label={t('register.accountNo')}
            inputMode="numeric"
            value={values.bankAccountNo}
            error={errors.bankAccountNo}
            onChange={(e) => set('bankAccountNo', e.currentTarget.value.replace(/\D/g, ''))}
          />
          {changesAccount && (
            <>
              <Alert color="yellow" variant="light" icon={<IconShieldLock size={20} />} role="note">
                {t(needsCode ? 'accountChange.whyCode' : 'accountChange.why')}
                {holdHours > 0 && ` ${t('accountChange.hold', { hours: holdHours })}`}
              </Alert>
              <PasswordInput
                label={t('profile.oldPassword')}
                autoComplete="current-password"
                value={password}
                error={errors.currentPassword}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  setErrors((v) => ({ ...v, currentPassword: undefined }));
                  touched();
                }}
              />
            </>
          )}
          {refusal && <ErrorAlert code={errorCode(refusal)} retryAfterS={retryAfterOf(refusal)} />}
          <Button type="submit" fullWidth loading={busy || sendCode.isPending}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
