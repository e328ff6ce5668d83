import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMentionable } from '../api/get-mentionable';

export interface Mention {
  uuid: string;
  fullName: string;
}

/**
 * 'Mainitse käyttäjä': a searchable list of the users who see the discussion; a pick hands the
 * user to `onPick` (the form writes "@Name" into the text) and empties the field for the next.
 */
export function MentionPicker({
  discussionId,
  onPick,
}: {
  discussionId: string;
  onPick: (user: Mention) => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const users = useMentionable(discussionId, input.trim(), open);
  return (
    <Autocomplete<Mention>
      sx={{ maxWidth: { xs: '100%', sm: 360 } }}
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={users.data?.users ?? []}
      loading={users.isFetching}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      onChange={(_, user) => {
        if (user) onPick(user);
        setInput('');
      }}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.fullName}
      getOptionKey={(option) => option.uuid}
      isOptionEqualToValue={(option, value) => option.uuid === value.uuid}
      noOptionsText={t('table.empty')}
      loadingText={t('app.loading')}
      openText={t('components.open')}
      closeText={t('app.close')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('discussions.mention')}
          helperText={t('discussions.mentionHint')}
        />
      )}
    />
  );
}

/** The picked users whose "@Name" is still in the text: the ones the comment mentions. */
export const mentionsIn = (text: string, picked: Mention[]) => [
  ...new Set(picked.filter((user) => text.includes(`@${user.fullName}`)).map((u) => u.uuid)),
];
