import { ARTICLE_IMAGE_ACCEPT, type Article } from '@app/common/contracts/articles';
import { formatFcfa } from '@app/common/money';
import { Badge, Button, FileInput, Group, Image, Modal, Stack, Table, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useArticle, useArticleImage, useUploadArticleImage } from '../api/articles';

function ArticleImage({ file, name }: { file: string | null; name: string }) {
  const { t } = useTranslation('articles');
  const image = useArticleImage(file);
  if (file === null) return <Text c="dimmed">{t('noImage')}</Text>;
  return image.data ? <Image src={image.data} alt={name} maw={240} radius="sm" data-testid="article-image" /> : null;
}

/** The detail dialog (seed 001 §2): the article, its stock per depot, its image and, for its keepers, the upload. */
export function ArticleDetailDialog({
  idArticle,
  canUpload,
  onClose,
}: {
  idArticle: number | null;
  canUpload: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['articles', 'common']);
  const query = useArticle(idArticle);
  const upload = useUploadArticleImage();
  const [file, setFile] = useState<File | null>(null);
  const article: Article | undefined = query.data;

  const send = async () => {
    if (!article || !file) return;
    try {
      await upload.mutateAsync({ idArticle: article.idArticle, file });
      notifySuccess(t('imageSaved'));
      setFile(null);
      void query.refetch();
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('error'));
    }
  };

  return (
    <Modal opened={idArticle !== null} onClose={onClose} title={t('detailTitle')} size={640} data-testid="article-detail">
      {article && (
        <Stack gap="sm">
          <Text fw={700} size="lg">
            {article.designation}
          </Text>
          <Group gap="xs">
            <Badge variant="light">{article.categorie?.libelle ?? t('noCategory')}</Badge>
            {article.codeBarre && <Badge variant="outline">{article.codeBarre}</Badge>}
            {article.enLimite && <Badge color="red">{t('atLimit')}</Badge>}
          </Group>
          <Text>
            {article.prixAchat === undefined
              ? t('sellingPriceLine', { prix: formatFcfa(article.prix) })
              : t('priceLine', { prix: formatFcfa(article.prix), prixAchat: formatFcfa(article.prixAchat) })}
          </Text>
          {article.fournisseur && <Text>{t('supplierLine', { name: article.fournisseur.raisonSociale })}</Text>}
          {article.description && <Text c="dimmed">{article.description}</Text>}
          <Text fw={600}>{t('stocks')}</Text>
          {article.stocks.length === 0 ? (
            <Text c="dimmed">{t('noStock')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    {/* What is available first, beside the depot: on a phone the rest scrolls sideways. */}
                    <Table.Th>{t('depot')}</Table.Th>
                    <Table.Th>{t('disponible')}</Table.Th>
                    <Table.Th>{t('stockMin')}</Table.Th>
                    <Table.Th>{t('quantiteEntree')}</Table.Th>
                    <Table.Th>{t('quantiteSortie')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {article.stocks.map((s) => (
                    <Table.Tr key={s.idEntree}>
                      <Table.Td>{s.depot.libelle}</Table.Td>
                      <Table.Td>
                        <Badge color={s.enLimite ? 'red' : 'green'} variant="light">
                          {s.quantiteEntree - s.quantiteSortie}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{s.stockMin}</Table.Td>
                      <Table.Td>{s.quantiteEntree}</Table.Td>
                      <Table.Td>{s.quantiteSortie}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Text fw={600}>{t('image')}</Text>
          <ArticleImage file={article.image} name={article.designation} />
          {canUpload && (
            <Group align="flex-end" wrap="wrap">
              <FileInput
                label={t('chooseImage')}
                accept={ARTICLE_IMAGE_ACCEPT}
                value={file}
                onChange={setFile}
                clearable
                leftSection={<IconPhotoUp size={18} />}
                style={{ flex: 1, minWidth: 200 }}
                data-testid="article-image-input"
              />
              <Button onClick={() => void send()} disabled={!file} loading={upload.isPending} data-testid="article-image-upload">
                {t('upload')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
