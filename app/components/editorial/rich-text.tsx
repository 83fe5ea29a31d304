/** Rich text that the loader already sanitised on the server (server/rich-text); never raw content. */
export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichText in the loader
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
