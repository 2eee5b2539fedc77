import { formatDigits } from "../format/number";
import { fa } from "../i18n/fa";
import { Link } from "../router/Link";
import { paths } from "../router/paths";
import styles from "./NotFound.module.css";

/** Any path the app does not have. */
export function NotFound() {
  return (
    <main className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        {formatDigits(404)}
      </p>
      <h1 className={styles.title}>{fa.notFound.title}</h1>
      <p className={styles.text}>{fa.notFound.text}</p>
      <Link to={paths.projects} className="button">
        {fa.notFound.home}
      </Link>
    </main>
  );
}
