import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { navigate } from "./history";

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An ordinary link that changes pages without a reload (new-tab clicks still work). */
export function Link({ to, onClick, ...rest }: Props) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
