import { isRouteErrorResponse, Link } from 'react-router';

const BRAND = 'Ridgeline';

interface ErrorCopy {
  status: number;
  heading: string;
  title: string;
  body: string;
  linkText: string;
}

/** SPEC §2/§8: which words an error status gets. */
export function errorCopyFor(status: number): ErrorCopy {
  if (status === 404) {
    return {
      status,
      heading: 'Page not found',
      title: `Page Not Found | ${BRAND}`,
      body: 'The trail ends here. The page you were looking for has moved or never existed.',
      linkText: 'Go to the homepage',
    };
  }
  if (status === 410) {
    return {
      status,
      heading: 'Product Not Available',
      title: `Product Not Available | ${BRAND}`,
      body: 'This product has been retired from our range. Our current line-up is ready for the snow.',
      linkText: 'Go to the homepage',
    };
  }
  return {
    status,
    heading: 'Oops! Something Broke',
    title: `Page Not Found | ${BRAND}`,
    body: 'Something went wrong on our side. Please try again in a moment.',
    linkText: 'Return to homepage',
  };
}

export function ErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const copy = errorCopyFor(status);
  const detail =
    import.meta.env.DEV && status >= 500 && error instanceof Error ? (error.stack ?? error.message) : null;
  return (
    <div className="container error-page">
      <title>{copy.title}</title>
      <p className="error-page__status">Error {copy.status}</p>
      <h1>{copy.heading}</h1>
      <p>{copy.body}</p>
      <Link className="button" to="/">
        {copy.linkText}
      </Link>
      {detail ? <pre className="error-page__detail">{detail}</pre> : null}
    </div>
  );
}
