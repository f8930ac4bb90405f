/**
 * Live charts over vega-embed: one render at a time, always of the latest state.
 *
 * vega-embed (with Vega and Vega-Lite) is a classic script beside the site, so file://
 * works; it is loaded once per page, on the first chart, by `vegaLoader`. A lab's charts
 * are embedded from its inline Altair specs (`[data-lab-specs]`, keyed by spec and kind)
 * with `actions: false`, again only when the spec changes; otherwise their named data sets
 * are swapped with `view.data(...)`. The specs come without rows, so every draw, the first
 * included, swaps them in, and asks the view to lay itself out again (`view.resize()`):
 * the axes' labels and titles need the room that the new rows give them, and Vega sizes a
 * view only once unless asked. Until the first draw the static chart image stays.
 *
 * A queue holds at most one job: an update that comes while a chart is drawing replaces
 * the waiting job, so a burst of typing draws its first and its last state only. When a
 * job is drawn, data-lab-charted holds its sequence number and "cl:lab-charted" (detail:
 * {sequence}) fires on the lab's root. A chart that fails to draw keeps its last picture,
 * marked stale, with the lab's "charts-failed" notice and a console error.
 *
 * @module kit/charts
 */

/**
 * A function that loads vega-embed at most once and resolves to `vegaEmbed`.
 * @param {Window & {vegaEmbed?: Function}} win @param {Document} doc
 * @param {string | null} url the script's address (null: it cannot be found)
 */
export function vegaLoader(win, doc, url) {
  /** @type {Promise<Function> | null} */
  let loading = null;
  return function loadVega() {
    if (win.vegaEmbed) return Promise.resolve(win.vegaEmbed);
    if (!loading) {
      loading = new Promise((resolve, reject) => {
        if (!url) return reject(new Error('no script URL'));
        const script = doc.createElement('script');
        script.src = url;
        script.onload = () => {
          if (win.vegaEmbed) resolve(win.vegaEmbed);
          else reject(new Error('vegaEmbed missing'));
        };
        script.onerror = () => reject(new Error('vega-embed did not load'));
        doc.head.appendChild(script);
      });
    }
    return loading;
  };
}

/**
 * @typedef {{spec: string, data: Record<string, Record<string, object[]>>}} ChartRows
 *   the spec to embed (a key of the specs) and, per chart kind, its named data sets
 * @typedef {{
 *   root: Element,
 *   label: string,
 *   specs: Record<string, Record<string, object>>,
 *   kinds: string[],
 *   load: () => Promise<Function>,
 *   failed: () => boolean,
 *   notice: {textContent: string | null, hidden: boolean},
 *   failureText: string,
 *   document: Document,
 * }} ChartHost
 */

export class ChartQueue {
  /** @param {ChartHost} host */
  constructor(host) {
    this.host = host;
    /** @type {Record<string, any>} */
    this.charts = {};
    this.spec = null;
    /** @type {{rows: ChartRows, sequence: number} | null} */
    this.waiting = null;
    this.busy = false;
  }

  /** Draws `rows` (numbered `sequence`) once the chart in progress, if any, is drawn. */
  queue(rows, sequence) {
    this.waiting = { rows, sequence };
    if (!this.busy) this.draw();
  }

  /** The chart containers: their SVG is the one part of a state drawn after it is shown. */
  figures() {
    return this.host.root.querySelectorAll('[data-lab-chart]');
  }

  draw() {
    const host = this.host;
    const job = this.waiting;
    if (!job) return Promise.resolve();
    this.waiting = null;
    this.busy = true;
    const spec = job.rows.spec;
    return host
      .load()
      .then((vegaEmbed) => {
        if (this.spec === spec) return null;
        return Promise.all(
          host.kinds.map((kind) => {
            const container = host.root.querySelector('[data-lab-chart="' + kind + '"]');
            if (this.charts[kind]) this.charts[kind].finalize();
            // The container is the chart's image, labelled and described by its caption and
            // table; Vega's own ARIA tree inside it would only repeat them, unlabelled.
            const target = host.document.createElement('div');
            target.setAttribute('aria-hidden', 'true');
            return vegaEmbed(target, host.specs[spec][kind], { actions: false, renderer: 'svg' }).then(
              (/** @type {any} */ embedded) => {
                container.replaceChildren(target);
                this.charts[kind] = embedded;
              },
            );
          }),
        ).then(() => {
          this.spec = spec;
        });
      })
      .then(() =>
        Promise.all(
          host.kinds.map((kind) => {
            const view = this.charts[kind].view;
            const sets = job.rows.data[kind];
            for (const name of Object.keys(sets)) view.data(name, sets[name]);
            return view.resize().runAsync();
          }),
        ),
      )
      .then(() => {
        // Drawn: the figures are current, unless a later update failed meanwhile.
        if (!host.failed()) {
          for (const figure of this.figures()) figure.removeAttribute('data-stale');
          if (host.notice.textContent === host.failureText) {
            host.notice.textContent = '';
            host.notice.hidden = true;
          }
        }
        host.root.setAttribute('data-lab-charted', String(job.sequence));
        host.root.dispatchEvent(new CustomEvent('cl:lab-charted', { detail: { sequence: job.sequence } }));
      })
      .catch((error) => {
        // The last chart drawn stays, marked stale; the tables carry every current value.
        console.error(host.label + ': the charts could not be drawn', error);
        this.spec = null;
        for (const figure of this.figures()) figure.setAttribute('data-stale', '');
        if (!host.failed()) {
          host.notice.textContent = host.failureText;
          host.notice.hidden = !host.failureText;
        }
      })
      .then(() => {
        this.busy = false;
        if (this.waiting) return this.draw();
        return undefined;
      });
  }
}
