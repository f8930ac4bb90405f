/*
 * Stepper: shows the steps of a [data-stepper] one at a time.
 *
 * Markup contract (written in the lesson's Markdown):
 *   <div class="cl-stepper" data-stepper="<name>" markdown>
 *     <section class="cl-step" markdown><p class="cl-step-title">…</p> …</section>
 *     … one section per step …
 *   </div>
 * Without JavaScript every step shows, in order. Mounted, the stepper becomes a labelled
 * region with 이전/다음 buttons (disabled at the ends), a visible "n / N" status that
 * screen readers hear (aria-live), and ArrowLeft/ArrowRight while focus is inside it
 * (except in form fields, which need those keys themselves). A link to an anchor
 * inside a hidden step opens that step.
 *
 * A step can be taller than a phone's screen, so the controls are repeated after the steps:
 * there, a press shows the other step from its top (the stepper scrolls into view and the
 * step takes the focus), and on the last step 다음 gives way to a link on to the section that
 * follows the stepper (the next heading with an id: the theory).
 */
(function () {
  "use strict";

  var lab = (window.CompositionLab = window.CompositionLab || {});
  var TEXT = {
    region: "단계별 설명",
    previous: "이전",
    previousLabel: "이전 단계",
    next: "다음",
    nextLabel: "다음 단계",
    onward: "이론으로 넘어가기",
  };
  var mounted = [];
  var count = 0;

  function button(className, text, label) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "md-button " + className;
    element.textContent = text;
    element.setAttribute("aria-label", label);
    return element;
  }

  function ownsKeys(element) {
    return Boolean(element.closest("input, select, textarea, [contenteditable], [role='slider']"));
  }

  /** The id of the first heading with an id after the stepper, or "" if there is none. */
  function followingHeading(root) {
    for (var node = root.nextElementSibling; node; node = node.nextElementSibling) {
      if (/^H[1-6]$/.test(node.tagName) && node.id) return node.id;
    }
    return "";
  }

  function stepsOf(root) {
    return Array.prototype.filter.call(root.children, function (child) {
      return child.classList.contains("cl-step");
    });
  }

  function Stepper(root, steps) {
    count += 1;
    var prefix = root.id || "cl-stepper-" + count;
    this.root = root;
    this.steps = steps;
    this.steps.forEach(function (step, index) {
      if (!step.id) step.id = prefix + "-step-" + (index + 1);
      var title = step.querySelector(".cl-step-title");
      if (title) {
        if (!title.id) title.id = step.id + "-title";
        step.setAttribute("aria-labelledby", title.id);
      }
      step.setAttribute("role", "group");
    });
    this.previous = button("cl-stepper-previous", TEXT.previous, TEXT.previousLabel);
    this.next = button("md-button--primary cl-stepper-next", TEXT.next, TEXT.nextLabel);
    this.status = document.createElement("p");
    this.status.className = "cl-stepper-status";
    this.status.setAttribute("aria-live", "polite");
    this.status.setAttribute("aria-atomic", "true");
    var controls = document.createElement("div");
    controls.className = "cl-stepper-controls";
    controls.append(this.previous, this.status, this.next);
    root.insertBefore(controls, this.steps[0]);
    this.endPrevious = button("cl-stepper-previous", TEXT.previous, TEXT.previousLabel);
    this.endNext = button("md-button--primary cl-stepper-next", TEXT.next, TEXT.nextLabel);
    this.endStatus = document.createElement("p");
    this.endStatus.className = "cl-stepper-status";
    var end = document.createElement("div");
    end.className = "cl-stepper-controls cl-stepper-controls--end";
    end.append(this.endPrevious, this.endStatus, this.endNext);
    var onward = followingHeading(root);
    if (onward) {
      this.onward = document.createElement("a");
      this.onward.className = "md-button md-button--primary cl-stepper-onward";
      this.onward.href = "#" + onward;
      this.onward.textContent = TEXT.onward;
      end.append(this.onward);
    }
    root.append(end);
    if (!root.hasAttribute("aria-label") && !root.hasAttribute("aria-labelledby")) {
      root.setAttribute("aria-label", TEXT.region);
    }
    root.setAttribute("role", "region");
    root.classList.add("cl-stepper--mounted");
    this.current = -1;
  }

  Stepper.prototype.show = function (index) {
    var last = this.steps.length - 1;
    var target = Math.max(0, Math.min(last, index));
    if (target === this.current) return;
    this.current = target;
    this.steps.forEach(function (step, position) {
      step.hidden = position !== target;
    });
    this.status.textContent = target + 1 + " / " + this.steps.length;
    this.endStatus.textContent = this.status.textContent;
    var focused = document.activeElement;
    this.previous.disabled = target === 0;
    this.next.disabled = target === last;
    this.endPrevious.disabled = target === 0;
    this.endNext.disabled = target === last;
    if (this.onward) {
      this.endNext.hidden = target === last;
      this.onward.hidden = target !== last;
    }
    // A button that just became disabled drops focus to <body>; hand it to its partner.
    if (focused === this.previous && this.previous.disabled) this.next.focus();
    if (focused === this.next && this.next.disabled) this.previous.focus();
  };

  /** From the controls after the steps: the other step, from its top, with the focus. */
  Stepper.prototype.showFromEnd = function (index) {
    this.show(index);
    var step = this.steps[this.current];
    step.setAttribute("tabindex", "-1");
    this.root.scrollIntoView({ block: "start" });
    step.focus({ preventScroll: true });
  };

  /** Open the step holding the element the URL's #fragment names, if any. */
  Stepper.prototype.revealHash = function () {
    var id;
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch (error) {
      return;
    }
    var target = id ? document.getElementById(id) : null;
    if (!target || !this.root.contains(target)) return;
    var index = this.steps.findIndex(function (step) {
      return step.contains(target);
    });
    if (index !== -1) this.show(index);
  };

  Stepper.prototype.listen = function () {
    var stepper = this;
    this.previous.addEventListener("click", function () {
      stepper.show(stepper.current - 1);
    });
    this.next.addEventListener("click", function () {
      stepper.show(stepper.current + 1);
    });
    this.endPrevious.addEventListener("click", function () {
      stepper.showFromEnd(stepper.current - 1);
    });
    this.endNext.addEventListener("click", function () {
      stepper.showFromEnd(stepper.current + 1);
    });
    this.root.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      if (ownsKeys(event.target)) return;
      event.preventDefault();
      stepper.show(stepper.current + (event.key === "ArrowRight" ? 1 : -1));
    });
  };

  function mountAll(scope) {
    mounted = mounted.filter(function (stepper) {
      return stepper.root.isConnected;
    });
    Array.prototype.forEach.call(scope.querySelectorAll("[data-stepper]"), function (root) {
      var steps = stepsOf(root);
      if (root.hasAttribute("data-stepper-mounted") || steps.length < 2) return;
      root.setAttribute("data-stepper-mounted", "");
      var stepper = new Stepper(root, steps);
      stepper.listen();
      stepper.show(0);
      stepper.revealHash();
      mounted.push(stepper);
    });
  }

  window.addEventListener("hashchange", function () {
    mounted.forEach(function (stepper) {
      stepper.revealHash();
    });
  });

  // storage.js provides onEveryPage; without it, scripts at the end of <body> see the page.
  if (lab.onEveryPage) lab.onEveryPage(mountAll);
  else mountAll(document);
})();
