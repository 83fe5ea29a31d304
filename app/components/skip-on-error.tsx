/**
 * The `errorElement` of an `<Await>` whose data may fail (a slider, add-ons, related products): the section is
 * left out. It must be an element: React Router treats `errorElement={null}` as none given and rethrows the
 * error to the route's error page, turning one failed widget into a 500.
 */
export const SKIP_ON_ERROR = <span hidden />;
