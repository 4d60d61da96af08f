import { Button, Group } from '@mantine/core';
import type { Currency, QrcodeRecord } from '@krapao/contract';
import { IconDownload, IconShare } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useMoneyText } from '../../../components/Money';
import { useTranslation } from '../../../i18n/react';
import { bahtToMinor, formatTime } from '../../../lib/format';
import { makeQrPicture, qrPictureName, type QrPictureText } from '../qr-picture';
import { qrImageSrc } from '../qr';

/** Whether this browser can hand a PNG to another app (navigator.canShare with files). */
function canSharePng(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([''], 'qr.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
}

/** Starts the browser's download of the file (a phone keeps it in its downloads or gallery). */
function download(file: File) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes; the address can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * "Save QR" as a PNG with the amount and the time to pay by, and "Share" where the browser can share
 * files (to the banking app itself, on most phones). The picture is made when the QR shows, so a click
 * shares at once, within the tap that allows it.
 */
export function QrSaveActions({
  record,
  providerName,
  currency,
}: {
  record: QrcodeRecord;
  providerName: string;
  /** The currency the QR collects (kip for ONEPAY): the picture says the amount in it. */
  currency: Currency;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const [file, setFile] = useState<File | null>(null);
  const [failed, setFailed] = useState(false);
  const [shareable] = useState(canSharePng);
  const text: QrPictureText = {
    title: t('qrSave.title'),
    provider: providerName,
    amount: money(bahtToMinor(record.amount), currency),
    payBy: t('qrSave.payBy', { time: formatTime(record.expireIn) }),
    note: t('deposit.qr.payExactly'),
  };
  const textKey = JSON.stringify(text);

  useEffect(() => {
    let current = true;
    setFile(null);
    setFailed(false);
    makeQrPicture(qrImageSrc(record.qrcode), JSON.parse(textKey) as QrPictureText).then(
      (blob) => {
        if (current) setFile(new File([blob], qrPictureName(record.qrcodeId), { type: 'image/png' }));
      },
      // No canvas here (an old browser, a locked-down webview): the QR on screen is all there is.
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [record.qrcode, record.qrcodeId, textKey]);

  const share = async (picture: File) => {
    try {
      await navigator.share({ files: [picture], title: text.title });
    } catch (error) {
      // The member closed the share sheet: nothing went wrong.
      if ((error as Error).name !== 'AbortError') download(picture);
    }
  };

  if (failed) return null;
  return (
    <Group gap="sm" w="100%" wrap="nowrap">
      <Button
        flex={1}
        variant="light"
        leftSection={<IconDownload size={18} aria-hidden />}
        disabled={!file}
        onClick={() => file && download(file)}
      >
        {t('qrSave.save')}
      </Button>
      {shareable && (
        <Button
          flex={1}
          variant="light"
          leftSection={<IconShare size={18} aria-hidden />}
          disabled={!file}
          onClick={() => file && void share(file)}
        >
          {t('qrSave.share')}
        </Button>
      )}
    </Group>
  );
}
