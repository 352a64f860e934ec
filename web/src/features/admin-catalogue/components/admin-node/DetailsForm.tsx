import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { licenseText, licenseToStore } from '../../../../lib/catalogue/license';
import { type AdminNodeUpdate, type Node, packKeys, updateNode } from '../../api/nodes';
import { useAdminWrite } from '../../api/write';
import { NS } from '../admin-page';
import { TextareaField } from '../fields';
import { QuickChips, splitList } from './QuickChips';
import { Section } from './Section';

/** Admin tags the moderators use (quick-add chips). */
const ADMIN_TAGS = ['dev', 'unsafe', 'fragile_deps', 'tricky_deps', 'poor_desc', 'unmaintained'];

/** Common public tags (quick-add chips). */
const COMMON_TAGS = ['image', 'video', 'audio', '3d', 'upscale', 'lora', 'controlnet', 'animation', 'utility', 'llm'];

export function DetailsForm({ pack }: { pack: Node }) {
  const { t } = useTranslation(NS);
  const [category, setCategory] = useState(pack.category);
  const [license, setLicense] = useState(() => licenseText(pack.license));
  const [tags, setTags] = useState(pack.tags.join(', '));
  const [adminTags, setAdminTags] = useState(pack.tags_admin.join(', '));
  const [ranking, setRanking] = useState(String(pack.search_ranking || 5));
  const [preempted, setPreempted] = useState(pack.preempted_comfy_node_names.join('\n'));
  const rankingNumber = Number(ranking);
  const rankingError =
    Number.isInteger(rankingNumber) && rankingNumber >= 1 && rankingNumber <= 10 ? null : t('fields.rankingInvalid');
  const save = useAdminWrite({
    run: (body: AdminNodeUpdate) => updateNode(pack.id, body),
    event: 'Admin Pack Updated',
    properties: (body) => ({ node_id: pack.id, fields: Object.keys(body).join(',') }),
    success: () => t('node.saved'),
    failure: (message) => t('failed', { message }),
    invalidate: () => packKeys(pack.id),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rankingError) return;
    save.mutate({
      category: category.trim(),
      license: licenseToStore(license, pack.license),
      tags: splitList(tags),
      tags_admin: splitList(adminTags),
      search_ranking: rankingNumber,
      preempted_comfy_node_names: splitList(preempted),
    });
  };
  return (
    <Section title={t('node.details')}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField label={t('fields.category')} value={category} onChange={(e) => setCategory(e.target.value)} />
        <TextField
          label={t('create.license')}
          hint={t('fields.licenseHint')}
          dir="ltr"
          value={license}
          onChange={(e) => setLicense(e.target.value)}
        />
        <div className="grid gap-2">
          <TextField
            label={t('fields.tags')}
            hint={t('fields.listHint')}
            value={tags}
            onChange={(e) => setTags(e.target.value)}
          />
          <QuickChips label={t('fields.quickAdd')} options={COMMON_TAGS} value={tags} onChange={setTags} />
        </div>
        <div className="grid gap-2">
          <TextField
            label={t('fields.adminTags')}
            hint={t('fields.listHint')}
            value={adminTags}
            onChange={(e) => setAdminTags(e.target.value)}
          />
          <QuickChips label={t('fields.quickAdd')} options={ADMIN_TAGS} value={adminTags} onChange={setAdminTags} />
        </div>
        <TextField
          label={t('fields.ranking')}
          hint={t('fields.rankingHint')}
          type="number"
          min={1}
          max={10}
          step={1}
          value={ranking}
          error={rankingError}
          onChange={(e) => setRanking(e.target.value)}
          className="max-w-xs"
        />
        <TextareaField
          label={t('fields.preempted')}
          hint={t('fields.preemptedHint')}
          value={preempted}
          onChange={(e) => setPreempted(e.target.value)}
        />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}
