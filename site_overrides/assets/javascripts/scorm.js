/*
 * SCORM 1.2 runtime of a lesson page (loaded only in the SCORM build, see main.html).
 *
 * 1. Find the LMS's API object by the standard discovery: look for `API` on this window
 *    and up the chain of `window.parent` (at most MAX_HOPS steps), then the same from
 *    `window.opener`. Without an API (the page opened on its own) this script does
 *    nothing at all, and nothing it does ever throws.
 * 2. LMSInitialize(""); a first launch moves cmi.core.lesson_status from
 *    "not attempted" to "incomplete".
 * 3. Saved state goes to cmi.suspend_data instead of localStorage: this script installs
 *    a storage backend (CompositionLab.storage.useBackend) whose keys live in one JSON
 *    object, {"<key>": <saved value>}. A write that would make that text longer than
 *    the 4,096 characters SCORM 1.2 allows is refused (the widget then says it could not
 *    save) and the LMS keeps the last text that fit. cmi.core.exit is "suspend", so the
 *    LMS hands the same suspend_data back at the next launch and the answers return.
 * 4. It tells the quiz that results are reported (CompositionLab.quiz.reportResults()), so
 *    that "다시 풀기" on a quiz whose every question has a first answer only clears the
 *    choices for practice and keeps the graded first answers (see quiz.js).
 * 5. On every "cl:quiz-change" with every question first-answered (over every quiz on
 *    the page; the quiz grades only the first checked answer of each question):
 *    cmi.core.score.raw is the percent of correct first answers, rounded down, with
 *    score.min 0 and score.max 100; cmi.core.lesson_status is "passed" when
 *    correct / total >= mastery / 100, decided on integers as
 *    100 * correct >= mastery * total, else "failed". Before that the status stays
 *    "incomplete" and no score is set. First answers never change once every question has
 *    one (4.), so a reported result is never lowered. The mastery percent comes from the
 *    script tag's data-mastery-percent (mkdocs.scorm.yml: extra.scorm_mastery), the same
 *    value the package writes into imsmanifest.xml as adlcp:masteryscore.
 * 6. LMSCommit("") after each change, and on "pagehide" cmi.core.session_time, then
 *    LMSCommit("") and LMSFinish("") once.
 * 7. The learner sees the rule and the outcome: each quiz's [data-lms-result] says the pass
 *    mark from the start, then the reported score and whether it passed; after a fail, that
 *    a new attempt is started in the LMS (the quiz's data-text-lms-* sentences).
 */
(function () {
  "use strict";

  var MAX_HOPS = 10;
  var SUSPEND_LIMIT = 4096;
  var DEFAULT_MASTERY = 80;
  var script = document.currentScript;

  function apiOn(win) {
    try {
      return win && win.API && typeof win.API.LMSInitialize === "function" ? win.API : null;
    } catch (error) {
      return null; // a window of another origin
    }
  }

  function parentOf(win) {
    try {
      return win.parent && win.parent !== win ? win.parent : null;
    } catch (error) {
      return null;
    }
  }

  function scan(win) {
    for (var hops = 0; win && hops <= MAX_HOPS; hops += 1) {
      var api = apiOn(win);
      if (api) return api;
      win = parentOf(win);
    }
    return null;
  }

  function findApi() {
    var api = scan(window);
    if (api) return api;
    try {
      return window.opener ? scan(window.opener) : null;
    } catch (error) {
      return null;
    }
  }

  function masteryPercent() {
    var text = script ? script.getAttribute("data-mastery-percent") : null;
    var value = /^\d{1,3}$/.test(text || "") ? Number(text) : NaN;
    return value <= 100 ? value : DEFAULT_MASTERY;
  }

  /** "HHHH:MM:SS" (CMITimespan) for a duration in milliseconds. */
  function timespan(milliseconds) {
    var seconds = Math.floor(milliseconds / 1000);
    function two(number) {
      return (number < 10 ? "0" : "") + number;
    }
    var hours = String(Math.floor(seconds / 3600));
    while (hours.length < 4) hours = "0" + hours;
    return hours + ":" + two(Math.floor(seconds / 60) % 60) + ":" + two(seconds % 60);
  }

  function Session(api) {
    this.api = api;
    this.started = Date.now();
    this.finished = false;
    this.saved = {}; // read from cmi.suspend_data once the session is open
    this.quizzes = Object.create(null); // lessonId -> latest cl:quiz-change detail
    this.reported = "";
  }

  Session.prototype.call = function (method) {
    try {
      return String(this.api[method].apply(this.api, Array.prototype.slice.call(arguments, 1)));
    } catch (error) {
      console.error("SCORM: " + method + " threw", error);
      return "false";
    }
  };

  Session.prototype.set = function (element, value) {
    return this.call("LMSSetValue", element, String(value)) === "true";
  };

  /** The saved {key: value} object; text that is not one is logged and left unused. */
  Session.prototype.readSuspendData = function () {
    var text = this.call("LMSGetValue", "cmi.suspend_data") || "{}";
    try {
      var value = JSON.parse(text);
      if (value !== null && typeof value === "object" && !Array.isArray(value)) return value;
      console.error("SCORM: cmi.suspend_data holds no saved-state object; starting without it");
    } catch (error) {
      console.error("SCORM: cmi.suspend_data is not JSON; starting without it", error);
    }
    return {};
  };

  /** Write `next` (a whole {key: value} object) to suspend_data; throws when it cannot. */
  Session.prototype.writeSuspendData = function (next) {
    var text = JSON.stringify(next);
    if (text.length > SUSPEND_LIMIT) throw new RangeError("cmi.suspend_data would exceed 4096 characters");
    if (!this.set("cmi.suspend_data", text)) throw new Error("the LMS refused cmi.suspend_data");
    this.saved = next;
    this.call("LMSCommit", "");
  };

  Session.prototype.backend = function () {
    var session = this;
    function has(key) {
      return Object.prototype.hasOwnProperty.call(session.saved, key);
    }
    function copyWithout(key) {
      var next = {};
      Object.keys(session.saved).forEach(function (name) {
        if (name !== key) next[name] = session.saved[name];
      });
      return next;
    }
    return {
      name: "scorm-suspend-data",
      read: function (key) {
        return has(key) ? JSON.stringify(session.saved[key]) : null;
      },
      write: function (key, text) {
        var next = copyWithout(key);
        next[key] = JSON.parse(text);
        session.writeSuspendData(next);
      },
      remove: function (key) {
        if (has(key)) session.writeSuspendData(copyWithout(key));
      },
    };
  };

  /** Each quiz's LMS line: the form's sentence `name` with {mastery} and {raw} filled in. */
  function showResult(name, raw) {
    var mastery = String(masteryPercent());
    Array.prototype.forEach.call(document.querySelectorAll("form[data-quiz]"), function (form) {
      var line = form.querySelector("[data-lms-result]");
      var text = form.getAttribute("data-text-" + name);
      if (!line || text === null) return;
      line.textContent = text.replace("{mastery}", mastery).replace("{raw}", String(raw));
      line.hidden = false;
    });
  }

  Session.prototype.onQuizChange = function (detail) {
    if (!detail || typeof detail.lessonId !== "string") return;
    this.quizzes[detail.lessonId] = detail;
    var correct = 0;
    var answered = 0;
    var total = 0;
    var quizzes = this.quizzes;
    Object.keys(quizzes).forEach(function (id) {
      correct += quizzes[id].correct;
      answered += quizzes[id].answered;
      total += quizzes[id].total;
    });
    if (total === 0 || answered < total) return;
    var mastery = masteryPercent();
    var raw = Math.floor((100 * correct) / total);
    var status = 100 * correct >= mastery * total ? "passed" : "failed";
    var report = raw + " " + status;
    showResult("lms-" + status, raw);
    if (report === this.reported) return;
    this.set("cmi.core.score.min", 0);
    this.set("cmi.core.score.max", 100);
    this.set("cmi.core.score.raw", raw);
    this.set("cmi.core.lesson_status", status);
    this.call("LMSCommit", "");
    this.reported = report;
  };

  Session.prototype.finish = function () {
    if (this.finished) return;
    this.finished = true;
    this.set("cmi.core.session_time", timespan(Date.now() - this.started));
    this.set("cmi.core.exit", "suspend");
    this.call("LMSCommit", "");
    this.call("LMSFinish", "");
  };

  function start() {
    var api = findApi();
    if (!api) return;
    var lab = window.CompositionLab;
    if (!lab || !lab.quiz || !lab.storage) {
      console.error("SCORM: storage.js and quiz.js must load before scorm.js; nothing is reported");
      return;
    }
    var session = new Session(api);
    if (session.call("LMSInitialize", "") !== "true") return;
    session.saved = session.readSuspendData();
    if (session.call("LMSGetValue", "cmi.core.lesson_status") === "not attempted") {
      session.set("cmi.core.lesson_status", "incomplete");
    }
    session.set("cmi.core.exit", "suspend");
    session.call("LMSCommit", "");
    showResult("lms-mastery", "");
    document.addEventListener("cl:quiz-change", function (event) {
      session.onQuizChange(event.detail);
    });
    window.addEventListener("pagehide", function () {
      session.finish();
    });
    // Before the new backend makes the quizzes reload, so they render with the rule in force.
    lab.quiz.reportResults();
    lab.storage.useBackend(session.backend());
  }

  try {
    start();
  } catch (error) {
    // The lesson works on without its report to the LMS; say why it has none.
    console.error("SCORM: the LMS session could not start", error);
  }
})();
