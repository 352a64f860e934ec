import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { readerErrorText } from '../../../api/error-message';
import { useHasToken } from '../../../api/use-has-token';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { analytics } from '../../../lib/analytics-client';
import { formatNumber } from '../../../lib/format';
import { fromUrlQuery } from '../../../lib/from-url';
import { notify } from '../../../lib/toast';
import { useNodeReviews, useSaveReview } from '../api/reviews';

const STARS = [1, 2, 3, 4, 5] as const;

function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex text-amber-600 dark:text-amber-400">
      {STARS.map((star) => (
        <span key={star} aria-hidden="true" className={star <= Math.round(value) ? '' : 'opacity-30'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** The pack's rating, and for signed-in visitors their own rating to give, change or withdraw. */
export function ReviewsSection({ nodeId }: { nodeId: string }) {
  const { t, i18n } = useTranslation('node');
  const language = i18n.resolvedLanguage ?? 'en';
  const signedIn = useHasToken();
  const location = useLocation();
  const reviews = useNodeReviews(nodeId, signedIn);
  const save = useSaveReview(nodeId);
  const mine = reviews.data?.mine?.star ?? null;
  const [choice, setChoice] = useState<number | null>(mine);
  const groupName = useId();
  useEffect(() => setChoice(mine), [mine]);

  const submit = (star: number | null) =>
    save.mutate(star, {
      onSuccess: () => {
        if (star === null) {
          analytics.track('Pack Review Deleted', { nodeId });
          notify('success', t('reviews.deleted'));
        } else {
          analytics.track(mine === null ? 'Pack Review Created' : 'Pack Review Updated', { nodeId, star });
          notify('success', t('reviews.saved', { count: star }));
        }
      },
      onError: (error) => notify('error', t('reviews.failed', { error: readerErrorText(error) })),
    });

  let body: React.ReactNode;
  if (reviews.isPending) body = <Spinner label={t('reviews.loading')} className="mt-3" />;
  else if (reviews.isError)
    body = (
      <div className="mt-3">
        <Alert tone="error">{t('reviews.error')}</Alert>
      </div>
    );
  else {
    const { rating, count } = reviews.data;
    const average = formatNumber(rating, language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    body = (
      <>
        {count > 0 ? (
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <Stars value={rating} label={t('reviews.starsLabel', { rating: average })} />
            <span className="font-semibold">{average}</span>
            <span className="text-sm text-slate-700 dark:text-slate-300">{t('reviews.count', { count })}</span>
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('reviews.none')}</p>
        )}
        {signedIn && reviews.data.can_rate === false ? (
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{t('reviews.ownPack')}</p>
        ) : signedIn ? (
          <form
            className="mt-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (choice !== null) submit(choice);
            }}
          >
            <fieldset>
              <legend className="text-sm font-medium">{mine === null ? t('reviews.rate') : t('reviews.yours')}</legend>
              <div className="mt-2 flex flex-wrap gap-1">
                {STARS.map((star) => (
                  <label
                    key={star}
                    className="inline-flex cursor-pointer items-center gap-1 rounded-lg border border-slate-300 px-2 py-1 text-sm has-[:checked]:border-amber-600 has-[:checked]:bg-amber-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:border-slate-600 dark:has-[:checked]:bg-slate-800"
                  >
                    <input
                      type="radio"
                      name={groupName}
                      value={star}
                      checked={choice === star}
                      onChange={() => setChoice(star)}
                      className="sr-only"
                    />
                    <span aria-hidden="true" className="text-amber-600 dark:text-amber-400">
                      ★
                    </span>
                    {t('reviews.star', { count: star })}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={choice === null || choice === mine || save.isPending}>
                {mine === null ? t('reviews.submit') : t('reviews.update')}
              </Button>
              {mine !== null ? (
                <Button variant="secondary" size="sm" disabled={save.isPending} onClick={() => submit(null)}>
                  {t('reviews.delete')}
                </Button>
              ) : null}
            </div>
          </form>
        ) : (
          <p className="mt-3 text-sm">
            <Link
              to={`/auth/login?${fromUrlQuery(location.pathname + location.search)}`}
              className={buttonClass('secondary', 'sm')}
            >
              {t('reviews.signIn')}
            </Link>
          </p>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="text-lg font-semibold">
        {t('reviews.title')}
      </h2>
      {body}
    </section>
  );
}
