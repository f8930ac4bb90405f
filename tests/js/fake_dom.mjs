// A very small stand-in for the DOM, enough for the lab kit's and the labs' tests: elements
// with attributes, children and text, `hidden` and `disabled` reflected as attributes,
// `value` and `checked`, events, `innerHTML` (read and written through a small parser of
// the well-formed markup the Python templates write, SVG included), and the selectors the
// kit uses (`[attr]`, `[attr="value"]`, `#id`, `tag[attr="value"]`, and lists joined by
// ", "; no combinators). `fakeWindow` is an address with a history.

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style']);
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with its character references decoded, as a browser's parser reads it. */
export function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return Object.prototype.hasOwnProperty.call(ENTITIES, name) ? ENTITIES[name] : whole;
  });
}

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export class FakeText {
  constructor(text) {
    this.nodeType = 3;
    this.parent = null;
    this.textContent = text;
  }
}

export class FakeElement extends EventTarget {
  constructor(tag = 'div', attributes = {}, children = []) {
    super();
    this.nodeType = 1;
    this.tagName = tag.toUpperCase();
    this.attributes = new Map(Object.entries(attributes));
    /** @type {(FakeElement | FakeText)[]} */
    this.childNodes = [];
    /** @type {FakeElement[]} */
    this.children = [];
    this.parent = null;
    this.value = this.getAttribute('value') ?? '';
    this.checked = this.hasAttribute('checked');
    this.focused = false;
    const names = new Set();
    this.classList = {
      names,
      toggle(name, on) {
        if (on) names.add(name);
        else names.delete(name);
      },
      contains: (name) => names.has(name),
    };
    for (const child of children) this.append(child);
  }

  append(child) {
    child.parent = this;
    this.childNodes.push(child);
    if (child instanceof FakeElement) this.children.push(child);
    return child;
  }

  replaceChildren(...nodes) {
    this.childNodes = [];
    this.children = [];
    for (const node of nodes) this.append(node);
  }

  get id() {
    return this.getAttribute('id') || '';
  }

  get firstChild() {
    return this.childNodes[0] || null;
  }

  /** A table's or a section's rows, a row's cells (the composition lab's show uses them). */
  get rows() {
    const own = this.children.filter((child) => child.tagName === 'TR');
    const sections = this.children.filter((child) => ['THEAD', 'TBODY', 'TFOOT'].includes(child.tagName));
    return own.concat(...sections.map((section) => section.rows));
  }

  get cells() {
    return this.children.filter((child) => child.tagName === 'TD' || child.tagName === 'TH');
  }

  get ownerDocument() {
    return { createElement: (tag) => new FakeElement(tag) };
  }

  replaceChild(node, old) {
    const at = this.childNodes.indexOf(old);
    if (at < 0) throw new Error('replaceChild: not a child');
    const nodes = this.childNodes.slice();
    nodes[at] = node;
    this.replaceChildren(...nodes);
    old.parent = null;
    return old;
  }

  get hidden() {
    return this.hasAttribute('hidden');
  }

  set hidden(on) {
    if (on) this.setAttribute('hidden', '');
    else this.removeAttribute('hidden');
  }

  get disabled() {
    return this.hasAttribute('disabled');
  }

  set disabled(on) {
    if (on) this.setAttribute('disabled', '');
    else this.removeAttribute('disabled');
  }

  get textContent() {
    return this.childNodes.map((node) => node.textContent).join('');
  }

  set textContent(text) {
    this.replaceChildren(...(text === '' || text === null || text === undefined ? [] : [new FakeText(String(text))]));
  }

  /** The children as markup: attributes in name order, text escaped (see `normalHtml`). */
  get innerHTML() {
    return this.childNodes.map(serialize).join('');
  }

  set innerHTML(html) {
    this.replaceChildren(...parseHtml(String(html)));
  }

  get outerHTML() {
    return serialize(this);
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  getAttributeNames() {
    return [...this.attributes.keys()];
  }

  get firstElementChild() {
    return this.children[0] || null;
  }

  /** A copy of the element (and, deep, of everything inside it). */
  cloneNode(deep = false) {
    const copy = new FakeElement(this.tagName.toLowerCase(), Object.fromEntries(this.attributes));
    copy.value = this.value;
    copy.checked = this.checked;
    if (deep) for (const node of this.childNodes) copy.append(node instanceof FakeText ? new FakeText(node.textContent) : node.cloneNode(true));
    if (this.content) copy.content = this.content.cloneNode(true);
    return copy;
  }

  remove() {
    if (!this.parent) return;
    const parent = this.parent;
    parent.replaceChildren(...parent.childNodes.filter((node) => node !== this));
    this.parent = null;
  }

  appendChild(child) {
    return this.append(child);
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  removeAttribute(name) {
    this.attributes.delete(name);
  }

  hasAttribute(name) {
    return this.attributes.has(name);
  }

  *descendants() {
    for (const child of this.children) {
      yield child;
      yield* child.descendants();
    }
  }

  matches(selector) {
    return selector.split(/\s*,\s*/).some((one) => matchesOne(this, one));
  }

  querySelectorAll(selector) {
    return [...this.descendants()].filter((element) => element.matches(selector));
  }

  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }

  closest(selector) {
    for (let element = this; element; element = element.parent) if (element.matches(selector)) return element;
    return null;
  }

  focus() {
    this.focused = true;
  }

  scrollIntoView() {}

  getBoundingClientRect() {
    return { top: 0, left: 0, width: 0, height: 0 };
  }
}

function matchesOne(element, selector) {
  const match = /^([a-z]*)(?:#([\w-]+))?((?:\[[^\]]+\])*)$/.exec(selector.trim());
  if (!match) throw new Error('the fake DOM cannot match ' + selector);
  const [, tag, id, attributes] = match;
  if (tag && element.tagName !== tag.toUpperCase()) return false;
  if (id && element.id !== id) return false;
  for (const [, name, value] of attributes.matchAll(/\[([\w-]+)(?:="([^"]*)")?\]/g)) {
    if (!element.hasAttribute(name)) return false;
    if (value !== undefined && element.getAttribute(name) !== value) return false;
  }
  return true;
}

function serialize(node) {
  if (node instanceof FakeText) return escapeText(node.textContent);
  const tag = node.tagName.toLowerCase();
  const names = [...node.attributes.keys()].sort();
  const attributes = names.map((name) => ' ' + name + '="' + escapeAttribute(node.attributes.get(name)) + '"').join('');
  if (VOID.has(tag)) return '<' + tag + attributes + '>';
  const inside = node.content ? node.content.childNodes : node.childNodes;
  return '<' + tag + attributes + '>' + inside.map(serialize).join('') + '</' + tag + '>';
}

const START_TAG = /<([a-zA-Z][\w:-]*)/y;
const ATTRIBUTE = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
const TAG_END = /\s*(\/?)>/y;

/**
 * The nodes of a piece of well-formed markup (as the templates write it): elements with
 * their attributes (entities decoded), text, void and self-closed elements, the raw text
 * of <script> and <style>; comments are dropped. An input's value and checked come from
 * its attributes, as a browser's do.
 * @param {string} html @returns {(FakeElement | FakeText)[]}
 */
export function parseHtml(html) {
  const top = new FakeElement('#fragment');
  const stack = [top];
  let i = 0;
  const text = (raw) => {
    if (raw) stack[stack.length - 1].append(new FakeText(decodeEntities(raw)));
  };
  while (i < html.length) {
    const next = html.indexOf('<', i);
    if (next < 0) {
      text(html.slice(i));
      break;
    }
    text(html.slice(i, next));
    i = next;
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '/') {
      const end = html.indexOf('>', i);
      const name = html.slice(i + 2, end).trim().toUpperCase();
      for (let depth = stack.length - 1; depth > 0; depth--) {
        const open = stack[depth].tagName === '#FRAGMENT' && name === 'TEMPLATE' ? 'TEMPLATE' : stack[depth].tagName;
        if (open === name) {
          stack.length = depth;
          break;
        }
      }
      i = end + 1;
      continue;
    }
    START_TAG.lastIndex = i;
    const start = START_TAG.exec(html);
    if (!start) {
      text('<');
      i += 1;
      continue;
    }
    i = START_TAG.lastIndex;
    const attributes = {};
    for (;;) {
      TAG_END.lastIndex = i;
      const close = TAG_END.exec(html);
      if (close) {
        i = TAG_END.lastIndex;
        const element = new FakeElement(start[1], {});
        for (const [name, value] of Object.entries(attributes)) element.attributes.set(name, value);
        element.value = element.getAttribute('value') ?? '';
        element.checked = element.hasAttribute('checked');
        const tag = start[1].toLowerCase();
        if (tag === 'template') {
          // As a browser's parser does: a template's children are its content, not its own.
          element.content = new FakeElement('#fragment');
          stack[stack.length - 1].append(element);
          stack.push(element.content);
          break;
        }
        stack[stack.length - 1].append(element);
        if (RAW_TEXT.has(tag)) {
          const end = html.toLowerCase().indexOf('</' + tag, i);
          const stop = end < 0 ? html.length : end;
          if (stop > i) element.append(new FakeText(html.slice(i, stop)));
          i = end < 0 ? html.length : html.indexOf('>', end) + 1;
        } else if (!close[1] && !VOID.has(tag)) {
          stack.push(element);
        }
        break;
      }
      ATTRIBUTE.lastIndex = i;
      const attribute = ATTRIBUTE.exec(html);
      if (!attribute) throw new Error('the fake DOM cannot parse the markup at ' + JSON.stringify(html.slice(i, i + 40)));
      i = ATTRIBUTE.lastIndex;
      const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      attributes[attribute[1]] = decodeEntities(value);
    }
  }
  for (const node of top.childNodes) node.parent = null;
  return top.childNodes;
}

/** Markup in one normal form (attributes by name, text escaped alike), to compare two writers. */
export function normalHtml(html) {
  return parseHtml(html).map(serialize).join('');
}

/** A document: a root element to search, plus what the kit asks of a document. */
export function fakeDocument(children = []) {
  const body = new FakeElement('body', {}, children);
  /** @type {Map<string, Function[]>} */
  const listeners = new Map();
  return {
    body,
    readyState: 'complete',
    currentScript: null,
    head: new FakeElement('head'),
    querySelector: (selector) => body.querySelector(selector),
    querySelectorAll: (selector) => body.querySelectorAll(selector),
    createElement: (tag) => new FakeElement(tag),
    addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) || []), listener]),
    /** Calls the document's listeners of event.type with `event` (a plain object will do). */
    dispatchEvent(event) {
      for (const listener of listeners.get(event.type) || []) listener(event);
      return !event.defaultPrevented;
    },
  };
}

/**
 * A plain left click on `target`, as the document's listeners see it (kit/links reads
 * target, button, the modifier keys and defaultPrevented).
 */
export function clickEvent(target) {
  return {
    type: 'click',
    target,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

/** A document whose body holds `html`. */
export function fakeDocumentOf(html) {
  return fakeDocument(parseHtml(html));
}

/**
 * A window at `href`: its location, a history whose entries change the location (each
 * call is kept in `calls`), and events (popstate).
 * @param {string} href
 */
export function fakeWindow(href) {
  const listeners = new EventTarget();
  const location = {};
  const go = (url) => {
    const parsed = new URL(url, location.href || href);
    Object.assign(location, {
      href: parsed.href,
      origin: parsed.origin,
      pathname: parsed.pathname,
      search: parsed.search,
      hash: parsed.hash,
    });
  };
  go(href);
  const entries = [location.href];
  let current = 0;
  const calls = [];
  const history = {
    calls,
    pushState(_state, _title, url) {
      calls.push(['push', url]);
      go(url);
      entries.length = current + 1;
      entries.push(location.href);
      current += 1;
    },
    replaceState(_state, _title, url) {
      calls.push(['replace', url]);
      go(url);
      entries[current] = location.href;
    },
    back() {
      if (current === 0) return;
      current -= 1;
      go(entries[current]);
      listeners.dispatchEvent(new Event('popstate'));
    },
  };
  return {
    location,
    history,
    scrollY: 0,
    addEventListener: (...args) => listeners.addEventListener(...args),
    removeEventListener: (...args) => listeners.removeEventListener(...args),
    dispatchEvent: (event) => listeners.dispatchEvent(event),
  };
}
