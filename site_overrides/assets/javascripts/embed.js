/*
 * Embed view (loaded only in the embed build, see main.html): tell the parent page how
 * tall the lesson is, so its <iframe> can show it whole, without a scrollbar.
 *
 * Message, sent with window.parent.postMessage(message, "*") when the page loads and
 * whenever the content's size changes (a ResizeObserver on the content: a worked
 * solution opened, a step shown, fonts loaded, the iframe made narrower):
 *
 *   {type: "composition-lab:height", height: <integer, CSS pixels>, page: "<path of this page>"}
 *
 * The message carries nothing but the layout, so any parent may read it ("*"). The
 * height is measured to the bottom of the content, not the document, since a document is
 * never shorter than the iframe showing it and would never let the iframe shrink.
 * Opened on its own (no parent), the page sends nothing.
 */
(function () {
  "use strict";

  var TYPE = "composition-lab:height";
  if (window.parent === window) return;

  var content = document.querySelector("[data-md-component='content']") || document.body;
  var sent = -1;

  function height() {
    var bottom = content.getBoundingClientRect().bottom + window.scrollY;
    return Math.ceil(bottom);
  }

  function report() {
    var now = height();
    if (now === sent) return;
    sent = now;
    try {
      window.parent.postMessage({ type: TYPE, height: now, page: location.pathname }, "*");
    } catch (error) {
      // A parent that cannot be told keeps its own height.
    }
  }

  if (typeof ResizeObserver === "function") {
    new ResizeObserver(report).observe(content);
  }
  window.addEventListener("load", report);
  window.addEventListener("resize", report);
  report();
})();
