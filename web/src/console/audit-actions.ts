import type { consoleT } from './i18n';

type T = typeof consoleT;

/**
 * An audit action in the operator's words: "Froze a member" for member.freeze, "Approved: Withdrawal"
 * for approval.approve.withdrawal; the code itself where no words are known (a new action still reads).
 */
export function auditActionText(t: T, code: string): string {
  const ops = /^ops (.+)$/.exec(code);
  if (ops) return t('console.audit.actions.ops', { call: ops[1] });
  const approval = /^approval\.(request|approve|reject)\.(.+)$/.exec(code);
  if (approval && approval[2] !== 'refused') {
    const kind = t(`console.approvals.kinds.${approval[2]}`);
    if (!kind.startsWith('console.')) return t(`console.audit.actions.approval_${approval[1]}`, { kind });
  }
  const key = `console.audit.actions.${code.replace(/\./g, '_')}`;
  const text = t(key);
  return text === key ? code : text;
}
