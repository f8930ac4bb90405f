/*
 * A reader's progress across the course, from the quiz answers this browser keeps.
 *
 * Every page carries the course's lessons as JSON (`#cl-course-progress`, written by
 * generator/course/progress.py): each lesson's slug, number, title, the storage key of its
 * quiz and the index of each question's right answer as shown. For each lesson this script
 * reads the saved quiz state (storage.js; {first, last, learned}, first being the graded
 * answers) and finds its status:
 *   - "new":     nothing answered yet;
 *   - "started": some questions have a first answer;
 *   - "done":    every question has one; the first attempt's score is then known.
 * It marks the lesson's link in the site navigation with a short status (a visible badge with
 * its words for screen readers) and fills the home page's cells `[data-progress="<slug>"]`.
 * It works offline and in an embed alike (storage.js survives missing storage); inside an LMS
 * the page has no course navigation and the LMS shows progress itself.
 */
(function () {
  "use strict";

  var course = (window.CompositionLab = window.CompositionLab || {});
  var TEXTS = {
    new: "시작 전",
    started: "진행 중 {answered}/{total}",
    done: "완료 · 첫 시도 {correct}/{total}",
  };

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }

  /** The status of one lesson from its saved quiz state. */
  function statusOf(lesson) {
    var ids = Object.keys(lesson.answers);
    var saved = course.storage ? course.storage.get(lesson.key) : null;
    var first = saved && typeof saved === "object" && saved.first && typeof saved.first === "object" ? saved.first : {};
    var answered = 0;
    var correct = 0;
    ids.forEach(function (id) {
      if (!Object.prototype.hasOwnProperty.call(first, id)) return;
      answered += 1;
      if (first[id] === lesson.answers[id]) correct += 1;
    });
    var values = { answered: answered, correct: correct, total: ids.length };
    var state = answered === 0 ? "new" : answered < ids.length ? "started" : "done";
    return { state: state, text: fill(TEXTS[state], values) };
  }

  function lessonsOf(doc) {
    var element = doc.getElementById("cl-course-progress");
    if (!element) return [];
    try {
      var parsed = JSON.parse(element.textContent || "[]");
      return Array.isArray(parsed) ? parsed : [];
    } catch (error) {
      console.error("course progress: the page's data cannot be read", error);
      return [];
    }
  }

  function endsWith(href, slug) {
    var path = (href || "").split("#")[0].split("?")[0];
    return path === slug + ".html" || path.slice(-(slug.length + 6)) === "/" + slug + ".html";
  }

  function show(doc) {
    lessonsOf(doc).forEach(function (lesson) {
      var status = statusOf(lesson);
      doc.querySelectorAll('[data-progress="' + lesson.slug + '"]').forEach(function (cell) {
        cell.textContent = status.text;
        cell.setAttribute("data-progress-state", status.state);
      });
      doc.querySelectorAll(".md-nav__link").forEach(function (link) {
        if (!endsWith(link.getAttribute("href"), lesson.slug)) return;
        var badge = link.querySelector(".cl-nav-progress");
        if (status.state === "new") {
          if (badge) badge.remove();
          return;
        }
        if (!badge) {
          badge = doc.createElement("span");
          badge.className = "cl-nav-progress";
          link.appendChild(badge);
        }
        badge.setAttribute("data-progress-state", status.state);
        badge.textContent = status.state === "done" ? " ✓" : " …";
        badge.setAttribute("title", status.text);
        var words = doc.createElement("span");
        words.className = "cl-visually-hidden";
        words.textContent = " (" + status.text + ")";
        badge.appendChild(words);
      });
    });
  }

  var listening = false;

  function start() {
    show(document);
    if (listening) return;
    listening = true;
    // A quiz on this page changes the state: its change event says so.
    document.addEventListener("cl:quiz-change", function () {
      show(document);
    });
  }

  if (course.onEveryPage) course.onEveryPage(start);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
