// A very small stand-in for the DOM, enough for the lab kit's tests: elements with
// attributes, children, `hidden`, `textContent`, events, and the selectors the kit uses
// (`[attr]`, `[attr="value"]`, `#id`, `tag[attr="value"]`, and lists joined by ", ").

export class FakeElement extends EventTarget {
  constructor(tag = 'div', attributes = {}, children = []) {
    super();
    this.tagName = tag.toUpperCase();
    this.attributes = new Map(Object.entries(attributes));
    this.children = [];
    this.parent = null;
    this.hidden = false;
    this.textContent = '';
    this.value = '';
    this.checked = false;
    this.disabled = false;
    this.classList = {
      names: new Set(),
      toggle(name, on) {
        if (on) this.names.add(name);
        else this.names.delete(name);
      },
    };
    for (const child of children) this.append(child);
  }

  append(child) {
    child.parent = this;
    this.children.push(child);
    return child;
  }

  get id() {
    return this.getAttribute('id') || '';
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
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

/** A document: a root element to search, plus what the kit asks of a document. */
export function fakeDocument(children = []) {
  const body = new FakeElement('body', {}, children);
  const listeners = new EventTarget();
  return {
    body,
    readyState: 'complete',
    querySelector: (selector) => body.querySelector(selector),
    querySelectorAll: (selector) => body.querySelectorAll(selector),
    createElement: (tag) => new FakeElement(tag),
    addEventListener: (...args) => listeners.addEventListener(...args),
  };
}
