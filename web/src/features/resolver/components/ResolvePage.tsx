import { type ClipboardEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { analytics } from '../../../lib/analytics-client';
import { notify } from '../../../lib/toast';
import { useComfyuiReleases, useSharedPlan, useSharedPlanOf } from '../api/install-plan';
import { type NodeTypeUse, parseWorkflow } from '../lib/workflow';
import { embeddedWorkflow } from '../lib/workflow-image';
import { InstallPlanSection } from './InstallPlanSection';

/** Largest workflow file read (bigger ones are refused before parsing). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

type Source = 'paste' | 'file' | 'drop' | 'url';
type Problem = 'json' | 'not-workflow' | 'empty' | 'too-many' | 'too-large' | 'unreadable' | 'no-image-workflow';

/** The shareable address of a stored plan. */
const planUrl = (id: string) => `${window.location.origin}/resolve?plan=${encodeURIComponent(id)}`;

/** `/resolve`: paste, drop or upload a ComfyUI workflow and find the packs its node types need. */
export function ResolvePage() {
  const { t } = useTranslation('resolver');
  const textareaId = useId();
  const fileId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [workflow, setWorkflow] = useState<{
    types: NodeTypeUse[];
    format: 'ui' | 'api';
    source: Source;
    json: unknown;
  } | null>(null);
  const [release, setRelease] = useState('');
  const [params, setParams] = useSearchParams();
  const sharedId = workflow ? null : params.get('plan');
  const fileInput = useRef<HTMLInputElement>(null);
  const planOf = useSharedPlanOf(
    workflow ? { workflow: workflow.json, ...(release ? { comfyui_release: release } : {}) } : null,
  );
  const shared = useSharedPlan(sharedId);
  const releases = useComfyuiReleases();
  const plan = workflow ? planOf.data?.plan : shared.data;
  const planId = workflow ? planOf.data?.id : sharedId;
  const counts = new Map(workflow?.types.map((use) => [use.type, use.count]));

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  // Once per planned workflow: analytics, and a toast when the server could not answer.
  const reported = useRef<unknown>(null);
  const workflowPlan = workflow ? planOf.data?.plan : undefined;
  useEffect(() => {
    if (!workflow || reported.current === workflow) return;
    if (planOf.isError) {
      reported.current = workflow;
      notify('error', t('error.resolve'));
    } else if (workflowPlan) {
      reported.current = workflow;
      analytics.track('Workflow Resolved', {
        source: workflow.source,
        format: workflow.format,
        node_types: workflow.types.length,
        packs: workflowPlan.packs.length,
        unknown: workflowPlan.unknown.length,
      });
    }
  }, [workflow, workflowPlan, planOf.isError, t]);

  const read = (content: string, source: Source) => {
    const parsed = parseWorkflow(content);
    if (!parsed.ok) {
      setProblem(parsed.reason);
      setWorkflow(null);
      analytics.track('Workflow Rejected', { source, reason: parsed.reason });
      return;
    }
    setProblem(null);
    setWorkflow({ types: parsed.types, format: parsed.format, source, json: JSON.parse(content) as unknown });
  };

  // The stored plan's id goes into the address bar, so the page's URL is the one to share.
  useEffect(() => {
    const id = planOf.data?.id;
    if (workflow && id && params.get('plan') !== id) setParams({ plan: id }, { replace: true });
  }, [workflow, planOf.data?.id, params, setParams]);

  const readFile = async (file: File, source: Source) => {
    if (file.size > MAX_FILE_BYTES) {
      setProblem('too-large');
      setWorkflow(null);
      return;
    }
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      // A ComfyUI image (PNG or WebP) carries its workflow in its metadata.
      const image = embeddedWorkflow(bytes);
      if (image && image.text === null) {
        setProblem('no-image-workflow');
        setWorkflow(null);
        return;
      }
      const content = image?.text ?? new TextDecoder().decode(bytes);
      setText(content.length <= 200_000 ? content : '');
      read(content, source);
    } catch {
      setProblem('unreadable');
      setWorkflow(null);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = event.clipboardData.files[0];
    if (file) {
      event.preventDefault();
      void readFile(file, 'paste');
    }
  };

  // `/resolve?url=<address of a workflow or image>` reads it once on arrival.
  const fromUrl = params.get('url');
  const fetched = useRef<string | null>(null);
  useEffect(() => {
    if (!fromUrl || fetched.current === fromUrl) return;
    fetched.current = fromUrl;
    void (async () => {
      try {
        const response = await fetch(fromUrl);
        if (!response.ok) throw new Error(String(response.status));
        await readFile(new File([await response.blob()], 'workflow'), 'url');
      } catch {
        setProblem('unreadable');
      }
    })();
  });

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void readFile(file, 'drop');
    else {
      const dropped = event.dataTransfer.getData('text/plain');
      if (dropped) {
        setText(dropped);
        read(dropped, 'drop');
      }
    }
  };

  return (
    <div className="mx-auto max-w-4xl py-8">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('intro')}</p>

      <form
        className="mt-6 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          read(text, 'paste');
        }}
      >
        <section
          aria-label={t('dropZone')}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`rounded-2xl border-2 border-dashed p-3 ${dragging ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-300 dark:border-slate-700'}`}
        >
          <label htmlFor={textareaId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('paste.label')}
          </label>
          <textarea
            id={textareaId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={hintId}
            aria-invalid={problem ? true : undefined}
            rows={8}
            dir="ltr"
            spellCheck={false}
            placeholder={t('paste.placeholder')}
            onPaste={onPaste}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2 font-mono text-xs text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
          <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t('paste.hint')}
          </p>
        </section>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit">{t('paste.submit')}</Button>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".json,application/json,.png,image/png,.webp,image/webp"
            aria-label={t('file.choose')}
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void readFile(file, 'file');
              event.target.value = '';
            }}
          />
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            {t('file.choose')}
          </Button>
          {text !== '' || workflow || problem ? (
            <Button
              variant="ghost"
              onClick={() => {
                setText('');
                setWorkflow(null);
                setProblem(null);
                setParams({}, { replace: true });
              }}
            >
              {t('clear')}
            </Button>
          ) : null}
        </div>
      </form>

      {problem ? (
        <div className="mt-4">
          <Alert tone="error">
            <p className="font-semibold">{t(`problem.${problem}.title`)}</p>
            <p className="mt-1">{t(`problem.${problem}.body`)}</p>
          </Alert>
        </div>
      ) : null}

      {plan ? (
        <InstallPlanSection
          plan={plan}
          counts={counts}
          shareUrl={planId ? planUrl(planId) : null}
          releases={releases.data?.releases ?? []}
          release={release}
          onRelease={setRelease}
        />
      ) : (workflow && planOf.isPending) || (sharedId && shared.isPending) ? (
        <div className="py-8">
          <Spinner label={t('plan.loading')} />
        </div>
      ) : (workflow && planOf.isError) || (sharedId && shared.isError) ? (
        <div className="mt-4">
          <Alert tone="error">
            <p>{t('plan.error')}</p>
            {workflow ? (
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void planOf.refetch()}>
                {t('error.retry')}
              </Button>
            ) : null}
          </Alert>
        </div>
      ) : null}
    </div>
  );
}
