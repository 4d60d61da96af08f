// Chat files do not stay forever: one uploaded but never sent in a message is removed after
// chat.unsentFileRetentionHours (24), a sent one after chat.fileRetentionDays (180, as a settled slip's
// picture): its message stays, and its link answers NOT_FOUND. The server runs it hourly (jobs.ts), and
// drops the upload counts whose day has ended.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import { getSetting } from '../../db/settings.ts';
import { everyJob, type Job } from '../../lib/job.ts';
import { storageKey, type FileStore } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes the chat files past their lifetime; the chat file sweeper does it hourly. */
    purgeChatFiles: () => Promise<number>;
  }
}

const DEFAULT_UNSENT_HOURS = 24;
const DEFAULT_RETENTION_DAYS = 180;
const HOUR_MS = 3_600_000;
const PURGE_EVERY_MS = HOUR_MS;
/** Files removed at once from the store, and rows in one transaction. */
const PARALLEL_DELETES = 8;

export type ChatFilesCtx = Ctx & { chatFiles: FileStore };

/**
 * Removes the files past their lifetime, a batch at a time. Each batch's rows are locked while their
 * files go: a message carrying one of them waits (the send marks the row sent in the same statement that
 * finds it, service.ts) and then finds it gone (CHAT_FILE_UNKNOWN), never a message without its file. The
 * file goes before its row: a crash in between leaves a row whose file answers NOT_FOUND and is taken
 * again by the next run, never a file that nothing names.
 */
export async function purgeChatFiles(ctx: ChatFilesCtx, batch = 100): Promise<number> {
  const now = ctx.clock.now().getTime();
  const unsentHours =
    (await getSetting<number>(ctx.db, 'chat.unsentFileRetentionHours')) ?? DEFAULT_UNSENT_HOURS;
  const keptDays = (await getSetting<number>(ctx.db, 'chat.fileRetentionDays')) ?? DEFAULT_RETENTION_DAYS;
  const unsentBefore = new Date(now - unsentHours * HOUR_MS);
  const sentBefore = new Date(now - keptDays * 24 * HOUR_MS);
  let purged = 0;
  for (;;) {
    const removed = await ctx.db.tx(async (q) => {
      const rows = await q.query<{ name: string }>(
        `select name from chat_files
         where created_at < $1 and (sent_at is null or created_at < $2)
         order by created_at limit $3 for update skip locked`,
        [unsentBefore, sentBefore, batch],
      );
      for (let i = 0; i < rows.length; i += PARALLEL_DELETES)
        await Promise.all(
          rows.slice(i, i + PARALLEL_DELETES).map((r) => ctx.chatFiles.delete(storageKey(r.name))),
        );
      if (rows.length)
        await q.query('delete from chat_files where name = any($1::text[])', [rows.map((r) => r.name)]);
      return rows.length;
    });
    purged += removed;
    if (removed < batch) break;
  }
  // The upload counts (quota.ts) of windows that have ended: a row per visitor would otherwise stay.
  await ctx.db.query(`delete from rate_limits where key like 'chat-upload%' and window_started_at < $1`, [
    new Date(now - 24 * HOUR_MS),
  ]);
  return purged;
}

/** Hourly, from once the server listens: removes the chat files past their lifetime. */
export function chatFileSweeperJob(app: FastifyInstance, ctx: ChatFilesCtx): Job {
  app.decorate('purgeChatFiles', () => purgeChatFiles(ctx));
  return everyJob({
    work: () => purgeChatFiles(ctx),
    everyMs: PURGE_EVERY_MS,
    atStart: true,
    log: app.log,
    failed: 'chat file purge failed',
  });
}
