import { IconArrowDownFromArc, IconArrowDownToArc, type IconProps } from '@tabler/icons-react';

// One look for money in and money out wherever they appear (the drawer, the statement, ...).

/** Money in: an arrow coming down into the bowl. */
export const DepositIcon = (props: IconProps) => <IconArrowDownToArc {...props} />;

/** Money out: an arrow rising out of the same bowl (Tabler names the icon after the bowl, "down from arc"). */
export const WithdrawIcon = (props: IconProps) => <IconArrowDownFromArc {...props} />;
