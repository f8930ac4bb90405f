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
 * When the lesson brings its lab into view (a card's "open in the lab" link, see lab/kit/links.mjs's
 * "cl:lab-reveal"), the frame is as tall as the lesson and cannot scroll, so the host page
 * must scroll instead; the page asks it to with
 *
 *   {type: "composition-lab:reveal", top: <integer, CSS pixels from the top of the frame>, page}
 *
 * The host page may answer with its own address, {type: "composition-lab:host", url}: the
 * labs' "copy link" (lab/kit/share.mjs) then copies a link to the host page that opens this
 * lesson at the state shown (CompositionLab.embedHost). Only the parent is heard, and only an
 * http(s) address. While the host page scrolls it also says how far the frame's top is above
 * its window, {type: "composition-lab:scrolled", top}: that is the frame's
 * --cl-host-scroll, where a lab's summary bar sticks (lab.css), since the frame, as tall as
 * its content, never scrolls itself.
 *
 * The messages carry nothing but the layout, so any parent may read them ("*"). The
 * height is measured to the bottom of the content, not the document, since a document is
 * never shorter than the iframe showing it and would never let the iframe shrink.
 * Opened on its own (no parent), the page sends nothing.
 */
(function () {
  "use strict";

  var HEIGHT = "composition-lab:height";
  var REVEAL = "composition-lab:reveal";
  if (window.parent === window) return;

  var content = document.querySelector("[data-md-component='content']") || document.body;
  var sent = -1;

  function height() {
    var bottom = content.getBoundingClientRect().bottom + window.scrollY;
    return Math.ceil(bottom);
  }

  function tell(message) {
    message.page = location.pathname;
    try {
      window.parent.postMessage(message, "*");
    } catch (error) {
      // A parent that cannot be told keeps its own height and scroll position.
      console.warn("composition lab: the host page could not be told", error);
    }
  }

  function report() {
    var now = height();
    if (now === sent) return;
    sent = now;
    tell({ type: HEIGHT, height: now });
  }

  var lab = (window.CompositionLab = window.CompositionLab || {});
  document.documentElement.style.setProperty("--cl-host-scroll", "0px");
  window.addEventListener("message", function (event) {
    var message = event.data;
    if (event.source !== window.parent || !message) return;
    if (message.type === "composition-lab:scrolled" && typeof message.top === "number" && message.top >= 0) {
      document.documentElement.style.setProperty("--cl-host-scroll", Math.round(message.top) + "px");
      return;
    }
    if (message.type !== "composition-lab:host") return;
    try {
      var url = new URL(String(message.url));
      if (url.protocol === "http:" || url.protocol === "https:") lab.embedHost = url.href;
    } catch (error) {
      console.warn("composition lab: the host page sent an address that is none", error);
    }
  });

  document.addEventListener("cl:lab-reveal", function (event) {
    var top = event.detail && event.detail.top;
    if (typeof top === "number" && top >= 0) tell({ type: REVEAL, top: Math.round(top) });
  });

  if (typeof ResizeObserver === "function") {
    new ResizeObserver(report).observe(content);
  }
  window.addEventListener("load", report);
  window.addEventListener("resize", report);
  report();
})();
