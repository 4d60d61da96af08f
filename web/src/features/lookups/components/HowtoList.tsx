import './howto.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { HOWTO_VIDEO_KEYS, type HowtoVideo, type HowtoVideoKey, type Locale } from '@krapao/contract';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useLocale, useTranslation } from '../../../i18n/react';
import { isLaosBuild } from '../../../lib/config';
import { useHowtoOverrides } from '../api/howto';

/**
 * Where the recordings `npm run docs:videos` makes are served from: web/public/howto (the Thai UI, a baht
 * member), or on a Laos build web/public/howto/la (`-- --region la`: the Lao UI, a kip member at BCEL).
 */
const bundled = () => `${import.meta.env.BASE_URL}howto/${isLaosBuild() ? 'la/' : ''}`;

interface VideoSource {
  /** The files in the order the browser tries them: it plays the first whose type it can. */
  sources: Array<{
    src: string;
    /** The type of our own files; an operator's may be anything the browser plays. */
    type?: string;
  }>;
  poster?: string;
  captions?: string;
}

/**
 * HELP-1: what one video plays: the operator's own recording when the setting names one (with its poster
 * and its captions in this language, where given), else Krapao's, captioned in th, la and en. Krapao's
 * own comes as a VP9 WebM (smaller, played first where it can be) and the same in an H.264 MP4, which
 * iPhones before iOS 17.4 play instead: they answer no to the WebM's type and take the next source.
 */
export function videoSource(key: HowtoVideoKey, lng: Locale, override?: HowtoVideo): VideoSource {
  if (override) {
    return {
      sources: [{ src: override.url }],
      poster: override.poster || undefined,
      captions: override.captions[lng] || undefined,
    };
  }
  const BUNDLED = bundled();
  return {
    sources: [
      { src: `${BUNDLED}${key}.webm`, type: 'video/webm; codecs="vp9"' },
      // Main profile, level 3.1: what scripts/docs-videos/encode.mjs (H264_ARGS) makes.
      { src: `${BUNDLED}${key}.mp4`, type: 'video/mp4; codecs="avc1.4D401F"' },
    ],
    poster: `${BUNDLED}${key}.webp`,
    captions: `${BUNDLED}${key}.${lng}.vtt`,
  };
}

/** BCP 47 for the caption track: Lao is `lo` (the app's own code for it is `la`). */
const trackLanguage = (lng: Locale) => (lng === 'la' ? 'lo' : lng);

/**
 * HELP-1 / SH-4: five short videos of Krapao itself at a phone's size. Nothing is downloaded until the
 * member presses play (preload="none"): the posters are a few KB each.
 */
export function HowtoList() {
  const { t } = useTranslation();
  const lng = useLocale();
  const overrides = useHowtoOverrides();
  // A failed lookup is quiet: Krapao's own recordings play (ERR-3).
  const byKey = new Map((overrides.data?.videos ?? []).map((v) => [v.key, v]));
  // The language of Krapao's own recordings: the build's (Lao screens on a Laos build, else Thai).
  const laos = isLaosBuild();
  const screens: Locale = laos ? 'la' : 'th';
  return (
    <>
      <Title order={2} fz={22} mb={4}>
        {t('howto.title')}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {t('howto.subtitle')}
      </Text>
      {overrides.isPending ? (
        <DelayedLoader />
      ) : (
        <Stack gap="sm">
          {HOWTO_VIDEO_KEYS.map((key, i) => {
            const source = videoSource(key, lng, byKey.get(key));
            const title = t(`howtoVideos.videos.${key}.title`);
            return (
              <Paper key={key} component="article" className="surface" p="sm" aria-label={title}>
                <div className="howto-video">
                  <video
                    // A new language or address: a new element, so the browser loads the new track.
                    key={`${lng} ${source.sources[0]!.src}`}
                    className="howto-video__player"
                    controls
                    preload="none"
                    playsInline
                    poster={source.poster}
                    aria-label={title}
                    data-testid={`howto-video-${key}`}
                  >
                    {source.sources.map((file) => (
                      <source key={file.src} src={file.src} type={file.type} />
                    ))}
                    {source.captions && (
                      <track
                        kind="captions"
                        src={source.captions}
                        srcLang={trackLanguage(lng)}
                        label={t('howtoVideos.captions')}
                        default
                      />
                    )}
                  </video>
                  <div className="howto-video__text">
                    <Text className="howto-video__step" fz="xs" fw={800} c="brand.7">
                      {i + 1}
                    </Text>
                    <Text fw={700} lh={1.3}>
                      {title}
                    </Text>
                    <Text c="dimmed" fz="sm" mt={4}>
                      {t(`howtoVideos.videos.${key}.text`)}
                    </Text>
                  </div>
                </div>
              </Paper>
            );
          })}
          {lng !== screens && (
            <Text c="dimmed" fz="xs" ta="center">
              {t(laos ? 'howtoVideos.uiNoteLao' : 'howtoVideos.uiNote')}
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}
