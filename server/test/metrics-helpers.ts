// Reading /metrics as Prometheus does: its text format's samples, and one metric's value.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text format's samples (label values here never hold a quote or a comma). */
export function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!]),
      );
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

/** A scrape of the app's /metrics with its METRICS_TOKEN, as an operator's Prometheus makes it. */
export async function scrapeMetrics(app: FastifyInstance, token: string): Promise<Sample[]> {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return samplesOf(res.body);
}

/** The sum of the metric's samples with these labels (of others too), 0 when absent. */
export const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
