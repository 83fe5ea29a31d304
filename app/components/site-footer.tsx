export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <p>Ridgeline Snowshoe Co. · Made for the quiet miles since 2009.</p>
        <p>© {year} Ridgeline Snowshoe Co. All rights reserved.</p>
      </div>
    </footer>
  );
}
