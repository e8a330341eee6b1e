import { formatFcfa } from '@app/common/money';
import { Group, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThumbnail } from '../api/till-api';
import { articleInitials, type TillArticle } from '../till-articles';
import classes from './till.module.css';

/** The image once the card has been on screen (a depot of 500 articles does not fetch 500 images at once), else initials. */
function Thumbnail({ article }: { article: TillArticle }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  const image = useThumbnail(article.image, seen);
  return image.data ? (
    <img ref={ref} src={image.data} alt="" className={classes.thumb} />
  ) : (
    <div ref={ref} className={classes.thumb} aria-hidden>
      {articleInitials(article.designation)}
    </div>
  );
}

const ArticleCard = memo(function ArticleCard({
  article,
  inCart,
  onAdd,
}: {
  article: TillArticle;
  inCart: number;
  onAdd: (article: TillArticle) => void;
}) {
  const { t } = useTranslation('till');
  const left = article.available - inCart;
  const soldOut = article.available <= 0;
  return (
    <button
      type="button"
      className={classes.card}
      disabled={soldOut}
      data-in-cart={inCart > 0 || undefined}
      onClick={() => onAdd(article)}
      aria-label={t('grid.add', { name: article.designation })}
      data-testid={`till-article-${article.articleId}`}
    >
      <Group gap={8} wrap="nowrap" align="flex-start" justify="space-between">
        <Thumbnail article={article} />
        {inCart > 0 && (
          <Text size="xs" fw={800} c="white" bg="brand.7" px={7} py={1} style={{ borderRadius: 999 }} data-testid="in-cart">
            ×{inCart}
          </Text>
        )}
      </Group>
      <span className={classes.name}>{article.designation}</span>
      {/* A price of 7 digits leaves no room for the stock at 375 px: the stock then goes under it. */}
      <Group justify="space-between" gap={4} wrap="wrap" mt="auto">
        <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatFcfa(article.unitPriceFcfa)}
        </Text>
        <Text
          size="xs"
          c={soldOut ? 'red.8' : left <= 0 ? 'orange.8' : 'dimmed'}
          fw={soldOut ? 700 : 500}
          style={{ whiteSpace: 'nowrap' }}
        >
          {soldOut ? t('grid.soldOut') : t('grid.left', { count: Math.max(left, 0) })}
        </Text>
      </Group>
    </button>
  );
});

export function ArticleGrid({
  articles,
  quantities,
  onAdd,
}: {
  articles: readonly TillArticle[];
  quantities: ReadonlyMap<number, number>;
  onAdd: (article: TillArticle) => void;
}) {
  return (
    <div className={classes.grid} data-testid="till-grid">
      {articles.map((article) => (
        <ArticleCard key={article.articleId} article={article} inCart={quantities.get(article.articleId) ?? 0} onAdd={onAdd} />
      ))}
    </div>
  );
}
