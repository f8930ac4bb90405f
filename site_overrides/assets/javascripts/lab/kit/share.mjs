/**
 * "Copy the link to this state", for a lab in a frame or an LMS, where no address bar shows
 * the state (the lab writes it into its own frame's address all the same).
 *
 * The button `[data-lab-copy]` copies the page's own address with the state's query (and
 * the lab's fragment on a page of several labs). The clipboard API comes first; a frame
 * without the "clipboard-write" permission refuses it, and then the link is selected in its
 * field `[data-lab-link]` and copied by the browser's copy command. When that fails too, the
 * field stays selected and the status `[data-lab-copy-status]` asks the reader to copy it.
 * Either way the field shows the link, and follows every later state.
 *
 * In an embed whose host page said its address (embed.js: CompositionLab.embedHost), the link
 * is that page's with `composition-lab=<this page>?<state>#<lab>` added, which the README's
 * snippet hands back to the frame: the reader of the link sees the host page, at this state.
 *
 * @module kit/share
 */

import { labText } from './text.mjs';

export class ShareLink {
  /**
   * @param {HTMLElement} root the lab's element
   * @param {{win: Window, doc: Document}} env
   * @param {() => string} query the state's query, without "?"
   * @param {string | null} fragment the lab's id on a page of several labs
   */
  constructor(root, env, query, fragment) {
    this.root = root;
    this.env = env;
    this.query = query;
    this.fragment = fragment;
    this.area = /** @type {HTMLElement | null} */ (root.querySelector('[data-lab-share]'));
    if (!this.area) return;
    this.field = /** @type {HTMLInputElement} */ (this.area.querySelector('[data-lab-link]'));
    this.status = /** @type {HTMLElement} */ (this.area.querySelector('[data-lab-copy-status]'));
    const button = /** @type {HTMLElement} */ (this.area.querySelector('[data-lab-copy]'));
    button.addEventListener('click', () => {
      this.copy().catch((error) => {
        console.error('lab: copying the link failed', error);
        this.say('link-select');
      });
    });
    this.area.hidden = false;
  }

  /** The address of the state shown: this page, the state's query, the lab's fragment. */
  link() {
    const url = new URL(this.env.win.location.href);
    url.search = '?' + this.query();
    url.hash = this.fragment ? '#' + this.fragment : '';
    const host = /** @type {any} */ (this.env.win).CompositionLab?.embedHost;
    if (typeof host !== 'string') return url.href;
    const page = new URL(host);
    page.hash = '';
    page.searchParams.set('composition-lab', url.pathname + url.search + (url.hash || '#' + this.root.id));
    return page.href;
  }

  say(name) {
    this.status.textContent = labText(this.root, name);
  }

  async copy() {
    const link = this.link();
    this.field.value = link;
    this.field.hidden = false;
    const clipboard = this.env.win.navigator && this.env.win.navigator.clipboard;
    if (clipboard) {
      try {
        await clipboard.writeText(link);
        this.say('link-copied');
        return;
      } catch (refused) {
        console.warn('lab: the clipboard refused the link; selecting it instead', refused);
      }
    }
    this.field.focus();
    this.field.select();
    const copied = typeof this.env.doc.execCommand === 'function' && this.env.doc.execCommand('copy');
    this.say(copied ? 'link-copied' : 'link-select');
  }

  /** A new state is shown: the field, once shown, holds its link, and the status is cleared. */
  follow() {
    if (!this.area || this.field.hidden) return;
    this.field.value = this.link();
    this.status.textContent = '';
  }
}
