import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { COMMENT_CUT_LENGTH } from '@vahti/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkifiedText } from './linkified-text';

/**
 * A comment's text with its line breaks; longer than 500 characters it is cut, with 'Lue
 * lisää' / 'Näytä vähemmän' (spec 001 §9).
 */
export function CommentText({ text }: { text: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const long = text.length > COMMENT_CUT_LENGTH;
  const shown = long && !expanded ? `${text.slice(0, COMMENT_CUT_LENGTH)}…` : text;
  return (
    <>
      <Typography
        id={id}
        component="div"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', wordBreak: 'break-word' }}
      >
        <LinkifiedText text={shown} />
      </Typography>
      {long && (
        <Button
          size="small"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          aria-controls={id}
          sx={{ alignSelf: 'flex-start', px: 0 }}
        >
          {expanded ? t('discussions.showLess') : t('discussions.readMore')}
        </Button>
      )}
    </>
  );
}
