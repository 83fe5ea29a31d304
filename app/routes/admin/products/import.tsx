import { type FormEvent, useEffect, useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { CONFIRM_DROPS_LABEL } from '#core/money-guard.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import {
  type ImportAnswer,
  type ImportStreamLine,
  importAnswer,
  importForm,
  type ListedReport,
  listedReport,
} from '../../../lib/backoffice/catalogue-import.ts';
import { attemptStaff, parseStaffForm, refuse } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import dashboardStyles from '../../../styles/admin-dashboard.css?url';
import type { Route } from './+types/import';

/**
 * Catalogue import by CSV (issue 20): upload a file → the dry run (every change before → after, every row's
 * error, every price drop of more than half) → confirm, ticking the drops through when there are any (issue 40). The confirmation posts the same file again and the engine compares it anew under row locks,
 * so what changed since the dry run counts and a file with any error writes nothing. With JavaScript the
 * confirmation goes to products-import-run.tsx, whose streamed answer draws a progress bar; without, it posts here
 * and the page waits for the answer.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dashboardStyles }];

export function meta() {
  return [{ title: 'Import products | Ridgeline back office' }];
}

async function textOf(file: File): Promise<string | null> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return null;
  }
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'catalogue:write');
  return null;
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const parsed = await parseStaffForm(args.request, csrfToken, importForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const csv = services.commerce.catalogueCsv;
  if (form.intent === 'dry-run') {
    const text = await textOf(form.file);
    if (text === null)
      return refuse(400, 'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8".', {
        file: 'Not a UTF-8 CSV file.',
      });
    const done = await attemptStaff(services, () => csv.dryRun(text));
    if (!done.ok) return done.answer;
    return {
      ok: true as const,
      stage: 'dry-run' as const,
      fileName: form.file.name.slice(0, 255),
      csv: text,
      report: listedReport(done.value),
    };
  }
  const done = await attemptStaff(services, () =>
    csv.import(actor, form.csv, { fileName: form.fileName, confirmDrops: form.confirmDrops === '1' }),
  );
  if (!done.ok) return done.answer;
  return importAnswer(done.value, form.fileName);
}

type Answer = ReturnType<typeof useActionData<typeof action>>;

interface LiveImport {
  running: boolean;
  progress?: { done: number; total: number };
  answer?: ImportAnswer;
  failed?: string;
}

/** Posts the confirmation to the streamed import and follows its lines: progress, then the answer. */
async function runImport(form: HTMLFormElement, update: (live: LiveImport) => void) {
  let progress: LiveImport['progress'];
  update({ running: true });
  try {
    const response = await fetch('/admin/products/import/run', { method: 'POST', body: new FormData(form) });
    if (!response.ok || !response.body) {
      const refusal = (await response.json().catch(() => null)) as { message?: string } | null;
      update({ running: false, failed: refusal?.message ?? `The import was refused (${response.status}).` });
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      buffer += chunk.value;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const text of lines) {
        if (!text) continue;
        const line = JSON.parse(text) as ImportStreamLine;
        if ('progress' in line) {
          progress = line.progress;
          update({ running: true, progress });
        } else if ('answer' in line) update({ running: false, answer: line.answer });
        else update({ running: false, failed: line.failed });
      }
    }
  } catch {
    update({
      running: false,
      progress,
      failed:
        'The connection was lost during the import. Reload the products list to see whether it was written.',
    });
  }
}

function ImportProgress({ progress }: { progress?: { done: number; total: number } }) {
  const total = progress?.total ?? 0;
  return (
    <div className="admin-notice" role="status">
      <label htmlFor="import-progress">
        Importing… {total ? `${progress!.done} of ${total} changes written` : 'checking the file again'}
      </label>
      <progress id="import-progress" max={total || undefined} value={total ? progress!.done : undefined} />
    </div>
  );
}

function Report({ report }: { report: ListedReport }) {
  return (
    <>
      <p>
        {report.rows} rows read: {report.changeCount} will change, {report.unchanged} unchanged
        {report.errorCount ? `, ${report.errorCount} with errors` : ''}.
      </p>
      {report.errors.length ? (
        <>
          <h2 id="import-errors">Errors</h2>
          <div className="admin-table-wrap">
            <table className="admin-table" aria-labelledby="import-errors">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Row
                  </th>
                  <th scope="col">SKU</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((error) => (
                  <tr key={`${error.row}-${error.column ?? ''}-${error.message}`}>
                    <td className="num">{error.row}</td>
                    <td>{error.sku ?? '—'}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.errorCount > report.errors.length ? (
            <p className="admin-muted">The first {report.errors.length} errors are listed.</p>
          ) : null}
        </>
      ) : null}
      {report.drops.length ? (
        <>
          <h2 id="import-drops">Price drops of more than half</h2>
          <p className="admin-muted">
            These rows are imported only when you tick “{CONFIRM_DROPS_LABEL}” below.
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table" aria-labelledby="import-drops">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Row
                  </th>
                  <th scope="col">SKU</th>
                  <th scope="col">Effect</th>
                </tr>
              </thead>
              <tbody>
                {report.drops.map((drop) => (
                  <tr key={`${drop.row}-${drop.column ?? ''}`}>
                    <td className="num">{drop.row}</td>
                    <td>{drop.sku ?? '—'}</td>
                    <td>{drop.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.dropCount > report.drops.length ? (
            <p className="admin-muted">The first {report.drops.length} drops are listed.</p>
          ) : null}
        </>
      ) : null}
      {report.changes.length ? (
        <>
          <h2 id="import-changes">Changes</h2>
          <div className="admin-table-wrap">
            <table className="admin-table" aria-labelledby="import-changes">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Row
                  </th>
                  <th scope="col">Variant SKU</th>
                  <th scope="col">Product SKU</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {report.changes.map((change) => (
                  <tr key={change.row}>
                    <td className="num">{change.row}</td>
                    <td>{change.variantSku}</td>
                    <td>{change.productSku}</td>
                    <td>
                      {change.fields
                        .map((field) => `${field.field}: ${field.before || '—'} → ${field.after || '—'}`)
                        .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.changeCount > report.changes.length ? (
            <p className="admin-muted">
              The first {report.changes.length} of {report.changeCount} changes are listed.
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function Outcome({ answer }: { answer: NonNullable<Answer> | ImportAnswer }) {
  if (!('stage' in answer)) return <FormMessage answer={answer} />;
  if (answer.stage === 'imported') {
    if (!answer.ok)
      return (
        <>
          <p className="admin-notice admin-notice--error" role="alert">
            Nothing was imported: the file has errors now (the catalogue changed since the dry run, or a price
            drop was not confirmed). Fix them and check the file again.
          </p>
          <Report report={answer.report} />
        </>
      );
    return (
      <p className="admin-notice admin-notice--ok" role="status">
        {answer.written
          ? `Imported ${answer.fileName || 'the file'}: ${count(answer.report.changeCount, 'row')} changed (${answer.stockChanges} stock, ${count(answer.priceChanges, 'price')})${answer.backInStock ? `; ${count(answer.backInStock, 'variant')} back in stock, waiting subscribers e-mailed` : ''}.`
          : 'Nothing to import: the catalogue already matches the file.'}
      </p>
    );
  }
  return null;
}

export default function ProductsImportPage() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [live, setLive] = useState<LiveImport | null>(null);
  // A new answer of the page (another dry run) replaces what the last streamed import said.
  useEffect(() => {
    if (answer) setLive(null);
  }, [answer]);
  const busy = navigation.state === 'submitting' || Boolean(live?.running);
  const importing =
    live?.running || (navigation.state === 'submitting' && navigation.formData?.get('intent') === 'import');
  const shown = live?.answer ?? answer;
  const dryRun = !live?.answer && answer && 'stage' in answer && answer.stage === 'dry-run' ? answer : null;
  const refusal = answer && !('stage' in answer) ? answer : undefined;
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void runImport(event.currentTarget, setLive);
  };
  return (
    <section aria-labelledby="import-title">
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <h1 id="import-title">Import products</h1>
      <p className="admin-muted">
        Start from the <a href="/admin/products.csv">catalogue export</a>: it takes each variant’s stock, and
        per currency the retail price, the sale price and the sale’s start and end (on the store’s clock).
        Keep the other columns as exported (or leave them blank); a file without the sale start and end
        columns leaves those times as they are. The format is described in the README, “Catalogue CSV”.
      </p>
      {shown && !importing ? <Outcome answer={shown} /> : null}
      {live?.failed ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {live.failed}
        </p>
      ) : null}

      <Form method="post" encType="multipart/form-data" className="admin-form admin-form--narrow">
        <CsrfField />
        <input type="hidden" name="intent" value="dry-run" />
        <label htmlFor="import-file">CSV file</label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          aria-describedby={refusal?.fieldErrors?.file ? 'file-error' : undefined}
        />
        <FieldError answer={refusal} name="file" />
        <button type="submit" className="admin-button" disabled={busy}>
          Check the file (dry run)
        </button>
      </Form>

      {dryRun ? (
        <section aria-labelledby="dry-run-title">
          <h2 id="dry-run-title">Dry run of {dryRun.fileName || 'the file'}</h2>
          {dryRun.report.errorCount ? (
            <p className="admin-notice admin-notice--error" role="alert">
              {dryRun.report.errorCount}{' '}
              {dryRun.report.errorCount === 1 ? 'row has an error' : 'rows have errors'}: nothing can be
              imported until the file has none.
            </p>
          ) : null}
          <Report report={dryRun.report} />
          {!dryRun.report.errorCount && dryRun.report.changeCount ? (
            <Form method="post" className="admin-form" onSubmit={confirm}>
              <CsrfField />
              <input type="hidden" name="intent" value="import" />
              <input type="hidden" name="csv" value={dryRun.csv} />
              <input type="hidden" name="fileName" value={dryRun.fileName} />
              {dryRun.report.dropCount ? (
                <label>
                  <input type="checkbox" name="confirmDrops" value="1" required /> {CONFIRM_DROPS_LABEL} (
                  {dryRun.report.dropCount} {dryRun.report.dropCount === 1 ? 'row' : 'rows'}, listed above)
                </label>
              ) : null}
              <button type="submit" className="admin-button" disabled={busy}>
                Import {dryRun.report.changeCount} {dryRun.report.changeCount === 1 ? 'change' : 'changes'}
              </button>
            </Form>
          ) : null}
          {!dryRun.report.errorCount && !dryRun.report.changeCount ? (
            <p>Nothing to import: the catalogue already matches the file.</p>
          ) : null}
        </section>
      ) : null}
      {importing ? <ImportProgress progress={live?.progress} /> : null}
    </section>
  );
}
