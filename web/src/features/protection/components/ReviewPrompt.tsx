import { Alert, Button, Group, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useMarkReviewed, useProtection } from '../api/protection';

/**
 * The home's periodic check-in (PROTECTION_REVIEW_DAYS, as regulated markets ask at least every six
 * months): a look at one's limits and play. Either answer records the review, so it is asked again only
 * six months later, on this device and every other.
 */
export function ReviewPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const due = useProtection().data?.reviewDue === true;
  const reviewed = useMarkReviewed();
  if (!due) return null;
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconShieldCheck size={20} />}
      title={t('protection.review.title')}
      role="status"
      data-testid="review-prompt"
    >
      <Text fz="sm">{t('protection.review.text')}</Text>
      <Group gap="sm" mt="sm">
        <Button
          size="compact-md"
          onClick={() => {
            reviewed.mutate();
            void navigate('/user/limits');
          }}
        >
          {t('protection.review.limits')}
        </Button>
        <Button
          size="compact-md"
          variant="subtle"
          loading={reviewed.isPending}
          onClick={() => reviewed.mutate()}
        >
          {t('protection.review.fine')}
        </Button>
      </Group>
    </Alert>
  );
}
