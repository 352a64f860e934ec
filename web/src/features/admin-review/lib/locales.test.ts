import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'admin',
  sameAsEnglish: { fr: ['review.total_one', 'review.total_many', 'review.total_other'] },
  pluralKeys: [
    'review.total',
    'review.batch.selected',
    'review.findings.count',
    'review.history.findings',
    'dialog.approveTitle',
    'dialog.rejectTitle',
    'dialog.confirmApprove',
    'dialog.confirmReject',
    'toast.approved',
    'toast.rejected',
  ],
});
