/*
 * Saved state for the lesson widgets: JSON under a key, and nothing ever throws.
 *
 * Storage can fail in many ways: a sandboxed iframe or blocked cookies make merely
 * reading `window.localStorage` throw a SecurityError, a full quota makes setItem
 * throw, and a key may hold text that is not JSON or JSON of the wrong shape. Every
 * call here turns such a failure into a plain result: `get` returns null (the caller
 * starts from its empty state), `set` and `remove` return false.
 *
 * What the page saved stays readable for the rest of the visit even when the backend
 * refused it: every write also lands in an in-memory copy, which answers reads for a
 * key whose last write failed.
 *
 * Backends. A backend is an object with three methods, each allowed to throw:
 *   read(key)        -> string | null
 *   write(key, text) -> void
 *   remove(key)      -> void
 * The default is the browser's localStorage. Another one (for example a SCORM
 * adapter keeping state in cmi.suspend_data) is installed with
 * `CompositionLab.storage.useBackend(backend)`, which also dispatches
 * "cl:storage-backend" on `document` so mounted widgets reload their state from it.
 *
 * This file loads first, so it also opens the `CompositionLab` namespace and gives
 * the widgets `CompositionLab.onEveryPage(mount)`: run `mount(document)` for every
 * page Material shows (its `document$` stream also fires after instant navigation),
 * or once the document is parsed when that stream is absent.
 */
(function () {
  "use strict";

  var lab = (window.CompositionLab = window.CompositionLab || {});
  if (lab.storage) return;

  lab.onEveryPage = function (mount) {
    var pages = window.document$;
    if (pages && typeof pages.subscribe === "function") {
      pages.subscribe(function () {
        mount(document);
      });
    } else if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () {
        mount(document);
      });
    } else {
      mount(document);
    }
  };

  var localBackend = {
    name: "localStorage",
    read: function (key) {
      return window.localStorage.getItem(key);
    },
    write: function (key, text) {
      window.localStorage.setItem(key, text);
    },
    remove: function (key) {
      window.localStorage.removeItem(key);
    },
  };

  var backend = localBackend;
  var memory = Object.create(null); // key -> text last written by this page
  var unsaved = Object.create(null); // key -> true when the backend refused that text

  function isBackend(candidate) {
    return (
      candidate !== null &&
      typeof candidate === "object" &&
      typeof candidate.read === "function" &&
      typeof candidate.write === "function" &&
      typeof candidate.remove === "function"
    );
  }

  function readText(key) {
    if (unsaved[key]) return key in memory ? memory[key] : null;
    try {
      var text = backend.read(key);
      return typeof text === "string" ? text : null;
    } catch (error) {
      return key in memory ? memory[key] : null;
    }
  }

  /**
   * The value saved under `key`, passed through `normalize` (which returns the
   * validated value, or null for a wrong shape); null when there is nothing usable.
   */
  function get(key, normalize) {
    var text = readText(key);
    if (text === null) return null;
    try {
      var value = JSON.parse(text);
      var checked = normalize ? normalize(value) : value;
      return checked === undefined ? null : checked;
    } catch (error) {
      return null;
    }
  }

  /** True when anything, usable or not, is saved under `key`. */
  function has(key) {
    return readText(key) !== null;
  }

  /** Save `value` as JSON under `key`; true when the backend kept it. */
  function set(key, value) {
    var text;
    try {
      text = JSON.stringify(value);
    } catch (error) {
      return false;
    }
    if (typeof text !== "string") return false;
    memory[key] = text;
    try {
      backend.write(key, text);
      delete unsaved[key];
      return true;
    } catch (error) {
      unsaved[key] = true;
      return false;
    }
  }

  /** Forget `key`; true when the backend forgot it too. */
  function remove(key) {
    delete memory[key];
    try {
      backend.remove(key);
      delete unsaved[key];
      return true;
    } catch (error) {
      unsaved[key] = true;
      return false;
    }
  }

  /** Install another backend; returns false (and changes nothing) for a malformed one. */
  function useBackend(next) {
    if (!isBackend(next)) return false;
    backend = next;
    memory = Object.create(null);
    unsaved = Object.create(null);
    document.dispatchEvent(new CustomEvent("cl:storage-backend", { detail: { name: next.name } }));
    return true;
  }

  lab.storage = {
    get: get,
    has: has,
    set: set,
    remove: remove,
    useBackend: useBackend,
    localBackend: localBackend,
  };
})();
