import { describe, expect, it } from 'vitest';
import { auditActionText } from '../src/console/audit-actions';
import { consoleT, loadConsoleTexts } from '../src/console/i18n';
import { changeLocale } from '../src/i18n';

// The audit page's table (mantine-datatable) is checked in a real browser (e2e/console.e2e.ts); here, the
// words each action code reads as.
describe('console audit', () => {
  it('[console] an action code reads in words in each language; one without words stays its code', async () => {
    await changeLocale('en');
    await loadConsoleTexts('en');
    expect(auditActionText(consoleT, 'member.freeze')).toBe('Froze a member');
    expect(auditActionText(consoleT, 'approval.approve.withdrawal')).toBe('Approved: Withdrawal');
    expect(auditActionText(consoleT, 'approval.request.payout-account')).toBe(
      'Asked for approval: Bank account change',
    );
    expect(auditActionText(consoleT, 'approval.reject.refused')).toBe('Rejection refused');
    expect(auditActionText(consoleT, 'ops POST /api/ops/bonuses')).toBe(
      'Operator API: POST /api/ops/bonuses',
    );
    expect(auditActionText(consoleT, 'something.new')).toBe('something.new');
    await changeLocale('la');
    await loadConsoleTexts('la');
    expect(auditActionText(consoleT, 'member.freeze')).toBe('ລະງັບບັນຊີສະມາຊິກ');
    await changeLocale('th');
    await loadConsoleTexts('th');
    expect(auditActionText(consoleT, 'slip.handled')).toBe('ทำเครื่องหมายว่าสลิปดำเนินการแล้ว');
  });
});
