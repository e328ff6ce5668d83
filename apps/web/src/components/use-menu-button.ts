import { type MouseEvent, useId, useState } from 'react';

/**
 * The state and ARIA wiring of a button that opens an MUI Menu: spread `buttonProps` on the
 * button and `menuProps` on the Menu; call `close` from each item.
 */
export function useMenuButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  return {
    close,
    buttonProps: {
      id: buttonId,
      'aria-haspopup': 'menu' as const,
      'aria-controls': open ? menuId : undefined,
      'aria-expanded': open,
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    },
    menuProps: {
      id: menuId,
      anchorEl: anchor,
      open,
      onClose: close,
      slotProps: { list: { 'aria-labelledby': buttonId } },
    },
  };
}
