/*
 * Print: every closed <details> of the lesson (worked solutions, table views) opens for the
 * printout and closes again afterwards. The quiz's explanations stay closed (print.css hides
 * them): the printout is for working through, and the handout's answer key is at its end.
 * A long number's fraction (details.cl-exact) stays closed too: the page prints its reading.
 * print.css opens them too where the browser styles ::details-content; this is for the rest.
 */
(function () {
  "use strict";

  var opened = [];

  window.addEventListener("beforeprint", function () {
    opened = Array.prototype.filter.call(
      document.querySelectorAll(".md-typeset details:not([open]):not(.cl-explanation):not(.cl-exact)"),
      function (details) {
        details.open = true;
        return true;
      },
    );
  });

  window.addEventListener("afterprint", function () {
    opened.forEach(function (details) {
      details.open = false;
    });
    opened = [];
  });
})();
